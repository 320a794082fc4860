// Subscription activities: thin calls into the subscription domain, one transaction each.
import type { SubscriptionBillingService, SubscriptionCommand, SubscriptionCommandService } from '../src/domains/subscription';
import { asFailure } from './failures';

export const createSubscriptionActivities = (billing: SubscriptionBillingService, commands: SubscriptionCommandService) => ({
  subscriptionSchedule: (subscriptionId: string) => billing.schedule(subscriptionId),
  /** Applies a lifecycle command (the workflow's Update) and returns the schedule after it. */
  async applySubscriptionCommand(subscriptionId: string, command: SubscriptionCommand, at: string, key: string) {
    await asFailure(() => commands.apply(subscriptionId, command, at, key));
    return billing.schedule(subscriptionId);
  },
  /** Starts the next period and writes its pending order (once per period). */
  renewSubscription: (subscriptionId: string, periodEnd: string, at: string) => billing.renew(subscriptionId, periodEnd, at),
  /** Charges the order off-session; the key is the order and the attempt. A decline is returned, not thrown. */
  chargeSubscriptionOrder: (orderId: string, attempt: number) => billing.charge(orderId, attempt),
  /** Cancels at the processor a renewal charge that never settled: 'succeeded' when it went through meanwhile. */
  cancelSubscriptionCharge: (orderId: string, chargeId: string) => billing.cancelCharge(orderId, chargeId),
  /** Compensation: refunds a renewal charge that went through after its order was voided (the subscription ended). */
  refundSubscriptionCharge: (orderId: string, chargeId: string) => billing.refundCharge(orderId, chargeId),
  recordSubscriptionPayment: (orderId: string, chargeId: string | null, at: string) => billing.paid(orderId, chargeId, at),
  recordSubscriptionFailure: (subscriptionId: string, orderId: string, nextAttemptAt: string | null, at: string) =>
    billing.failed(subscriptionId, orderId, nextAttemptAt, at),
  endSubscription: (subscriptionId: string, at: string) => billing.end(subscriptionId, at),
  /** A subscription ending at period end: the order of its last period's usage, or null when there is none. */
  billFinalUsage: (subscriptionId: string, periodEnd: string) => billing.billFinalUsage(subscriptionId, periodEnd),
});
