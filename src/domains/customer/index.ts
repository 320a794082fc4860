export { CustomerService } from './customer.service';
export type { CustomerDetails } from './customer-deps';
export type { CustomerIdentity } from './customer-list';
export type { Customer } from './customer.entity';
export { customerById, customerIdsByExternalIds, customerFromJson } from './customer-rows.reads';
export { customersByIds, customerOutputs, liveCustomer, liveCustomerByExternalId } from './customer.reads';
export { CustomerRaceLost } from './customer.errors';
export { customerOutput } from './customer.output';
export { customerModule } from './customer.module';
