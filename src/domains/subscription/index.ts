export { SubscriptionService } from './subscription.service';
export type { NewSubscription } from './new-subscription';
export type { BillingDeps } from './billing-deps';
export { subscriptionSchedule } from './subscription-schedule';
export { renewSubscription } from './renew-subscription';
export { billFinalUsage } from './bill-final-usage';
export { chargeRenewal } from './renewal-charge';
export { cancelRenewalCharge, refundRenewalCharge } from './undo-renewal-charge';
export { recordPayment, subscriptionOrderPaid } from './record-payment';
export { recordPaymentFailure } from './record-payment-failure';
export { endSubscription } from './end-subscription';
export { pauseAtPeriodEnd, resumeOnDate } from './pause-subscription';
export { renewAndCharge, renewChargeAndRecord } from './subscription-renewal';
export { SubscriptionCommandService } from './subscription-commands.service';
export { SubscriptionQueries } from './subscription.queries';
export { subscriptionGrantSource, subscriptionOfLicenseKey } from './subscription-grant-source';
export type { Subscription } from './subscription.entity';
export type { SubscriptionCommand, SubscriptionSchedule } from './subscription.logic';
export { subscriptionModule } from './subscription.module';
export { usePaymentMethod } from './use-payment-method';
export { PaymentFailed } from './subscription.errors';
export type { ChangePreviewFollower } from './command-deps';
export {
  shadowRenewals,
  shadowSubscriptionIds,
  shadowSubscriptions,
  type ShadowFilter,
  type ShadowReads,
  type ShadowRenewal,
  type ShadowSubscription,
} from './shadow-renewals';
