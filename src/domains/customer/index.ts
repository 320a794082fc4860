export { CustomerService, type CustomerDetails, type CustomerIdentity, type CustomerServiceDeps } from './customer.service';
export { Customer } from './customer.entity';
export { CustomerRaceLost } from './customer.errors';
export { customerOutput } from './customer.output';
export { customerRoutes } from './customer.routes';
