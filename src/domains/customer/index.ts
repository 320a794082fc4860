export { CustomerService, type CustomerDetails } from './customer.service';
export { CustomerRaceLost } from './customer.errors';
export { customerOutput } from './customer.output';
export { customerRoutes } from './customer.routes';
