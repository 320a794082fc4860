export { CustomerService, CustomerRaceLost, customerOutput, type CustomerDetails } from './customer.service';
export { customerRoutes } from './customer.routes';
