export {
  CustomerService,
  type CustomerDetails,
  type CustomerIdentity,
  type CustomerServiceDeps,
} from './customer.service';
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
