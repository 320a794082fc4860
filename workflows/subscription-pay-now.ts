// Paying a past-due renewal now (the customer's pay page or confirm-payment): an Update of the subscription's flow, so
// the charge and dunning never race. Paid: dunning stops, the subscription is active again (as after a successful
// retry: order.updated, order.paid, subscription.updated, subscription.active) and the main loop waits for the
// period's end. Declined: nothing changes (dunning keeps its schedule).
import { ApplicationFailure, condition, currentUpdateInfo, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { failureType } from '../src/kernel/error-codes';
import { SUBSCRIPTION_ACTIVITY } from './activity-options';
import { subscriptionPayNowUpdate, type OrderPaymentResult } from './order-payment-definitions';
import { acts } from './subscription-activities';
import type { SubscriptionRun } from './subscription-run';

/** The customer is waiting: a few tries only. */
const { payPastDueOrder } = proxyActivities<Activities>({
  ...SUBSCRIPTION_ACTIVITY,
  retry: { ...SUBSCRIPTION_ACTIVITY.retry, maximumAttempts: 5 },
});

/** Only the order dunning is collecting, and not while a charge of it is processing. */
function refusePayNow(run: SubscriptionRun, orderId: string): void {
  if (run.dunning?.orderId !== orderId || run.awaited || run.schedule?.status === 'canceled')
    throw ApplicationFailure.nonRetryable(
      'This order is not awaiting a payment that can be made now.',
      failureType('OrderNotEligibleForRetry'),
    );
}

export function handlePayNow(run: SubscriptionRun): void {
  setHandler(
    subscriptionPayNowUpdate,
    async ({ orderId, payment }): Promise<OrderPaymentResult> => {
      await condition(() => run.schedule !== undefined);
      return run.exclusive(async () => {
        refusePayNow(run, orderId); // again: a retry may have paid it meanwhile
        const at = run.clock.now().toISOString();
        // The Update's id is recorded in the history: the processor's key stays the same if the step is retried.
        const outcome = await payPastDueOrder(orderId, currentUpdateInfo()!.id, payment);
        if ('declined' in outcome) return { status: 'failed', error: outcome.declined };
        run.dunning = null;
        run.show(await acts.recordSubscriptionPayment(orderId, outcome.chargeId, at));
        run.commands++; // the main loop stops waiting for the retry
        return { status: 'succeeded', error: null };
      });
    },
    { validator: ({ orderId }) => refusePayNow(run, orderId) },
  );
}
