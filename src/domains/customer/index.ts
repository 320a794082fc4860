export { CustomerService } from './customer.service';
export type { CustomerDetails, SubscriptionMethods } from './customer-deps';
export type { CustomerIdentity } from './customer-list';
export type { Customer } from './customer.entity';
export { customerById, customerIdsByExternalIds, customerFromJson } from './customer-rows.reads';
export { customersByIds, customerOutputs, liveCustomer, liveCustomerByExternalId } from './customer.reads';
export { CustomerRaceLost } from './customer.errors';
export { customerOutput } from './customer.output';
export { customerModule } from './customer.module';
export { PaymentMethodStore } from './payment-methods';
export type { ChargeableMethod, SavedMethodInput, StoredPaymentMethod } from './payment-methods';
export { PaymentMethodCommands } from './payment-method-commands';
export { paymentMethodOutput } from './payment-method.output';
export { paymentMethodPage, PaymentMethodListQuery } from './payment-method.routes';
export { MemberStore, type EnsureMemberInput } from './member/member-store';
export {
  memberById,
  memberByExternalId,
  memberByEmail,
  membersByIds,
  ownerOf,
  sessionMember,
  type StoredMember,
} from './member/member.reads';
export { memberOutput, portalMemberOutput } from './member/member.output';
export type { MemberFollower } from './member/member-deps';
export type { MemberRole } from '../../contracts/member';
