// Subscription activities: thin calls into the subscription domain, one transaction each (the renewal step: three).
import {
  billFinalUsage,
  cancelRenewalCharge,
  chargeRenewal,
  endSubscription,
  pauseAtPeriodEnd,
  recordPayment,
  recordPaymentFailure,
  refundRenewalCharge,
  renewChargeAndRecord,
  renewSubscription,
  resumeOnDate,
  subscriptionSchedule,
  type BillingDeps,
  type SubscriptionCommand,
  type SubscriptionCommandService,
} from '../src/domains/subscription';
import { because } from '../src/platform/cause/cause';
import { asFailure } from './failures';

/** The timers the subscription's flow acts on (the timeline's causes). */
const RENEWAL = { type: 'timer', name: 'renewal due' } as const;
const RETRY = { type: 'timer', name: 'payment retry due' } as const;
const CHARGE_DUE = { type: 'timer', name: 'charge attempt due' } as const;
const PERIOD_END = { type: 'timer', name: 'period end' } as const;
const RESUME_DATE = { type: 'timer', name: 'resume date' } as const;

export const createSubscriptionActivities = (billing: BillingDeps, commands: SubscriptionCommandService) => {
  /** A renewal's parts: separate activities in runs recorded before `subscription-renew-in-one-step`. */
  const parts = {
    /** Starts the next period and writes its pending order (once per period). */
    renewSubscription: (subscriptionId: string, periodEnd: string, at: string) =>
      because(RENEWAL, () => renewSubscription(billing, subscriptionId, periodEnd, at)),
    /** Charges the order off-session; the key is the order and the attempt. A decline is returned, not thrown. */
    chargeSubscriptionOrder: (orderId: string, attempt: number) =>
      because(attempt > 1 ? RETRY : RENEWAL, () => chargeRenewal(billing, orderId, attempt)),
    recordSubscriptionPayment: (orderId: string, chargeId: string | null, at: string) =>
      because(CHARGE_DUE, () => recordPayment(billing, orderId, chargeId, at)),
  };
  return {
    ...parts,
    /** The whole renewal in one step: renews, charges attempt 1, records the payment when it went through at once. */
    renewAndChargeSubscription: (subscriptionId: string, periodEnd: string) =>
      because(RENEWAL, () => renewChargeAndRecord(billing, subscriptionId, periodEnd)),
    subscriptionSchedule: (subscriptionId: string) => subscriptionSchedule(billing, subscriptionId),
    /** Applies a lifecycle command (the workflow's Update) and returns the schedule after it. */
    async applySubscriptionCommand(subscriptionId: string, command: SubscriptionCommand, at: string, key: string) {
      const cause = { type: 'command', name: `subscription ${command.kind}` } as const;
      await because(cause, () => asFailure(() => commands.apply(subscriptionId, command, at, key)));
      return subscriptionSchedule(billing, subscriptionId);
    },
    /** Cancels at the processor a renewal charge that never settled: 'succeeded' when it went through meanwhile. */
    cancelSubscriptionCharge: (orderId: string, chargeId: string) => cancelRenewalCharge(billing, orderId, chargeId),
    /** Compensation: refunds a renewal charge that went through after its order was voided (the subscription ended). */
    refundSubscriptionCharge: (orderId: string, chargeId: string) => refundRenewalCharge(billing, orderId, chargeId),
    recordSubscriptionFailure: (subscriptionId: string, orderId: string, nextAttemptAt: string | null, at: string) =>
      because(CHARGE_DUE, () => recordPaymentFailure(billing, subscriptionId, orderId, nextAttemptAt, at)),
    endSubscription: (subscriptionId: string, at: string) =>
      because(PERIOD_END, () => endSubscription(billing, subscriptionId, at)),
    /** A subscription set to pause: paused at the end of its period (none if the pause was canceled meanwhile). */
    pauseSubscription: (subscriptionId: string, periodEnd: string) =>
      because(PERIOD_END, () => pauseAtPeriodEnd(billing, subscriptionId, periodEnd)),
    /** A paused subscription's resume date came: active again (the renewal from that date follows). */
    resumeSubscription: (subscriptionId: string, at: string) =>
      because(RESUME_DATE, () => resumeOnDate(billing, subscriptionId, at)),
    /** A subscription ending at period end: the order of its last period's usage, or null when there is none. */
    billFinalUsage: (subscriptionId: string, periodEnd: string) =>
      because(PERIOD_END, () => billFinalUsage(billing, subscriptionId, periodEnd)),
  };
};
