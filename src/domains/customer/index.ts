export { CustomerService } from './customer.service';
export type { CustomerDetails, CustomerServiceDeps } from './customer-deps';
export type { CustomerIdentity } from './customer-list';
export type { Customer } from './customer.entity';
export {
  customerById,
  customersByIds,
  customerIdsByExternalIds,
  customerFromJson,
  customerOutputs,
  liveCustomer,
  liveCustomerByExternalId,
} from './customer.reads';
export { CustomerRaceLost } from './customer.errors';
export { customerOutput } from './customer.output';
export { customerRoutes } from './customer.routes';
export { customerModule } from './customer.module';
