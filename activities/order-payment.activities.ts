// Activities that pay one order now: a finalized draft's attempt, and a past-due renewal's (the subscription's flow).
import type { OrderPayment } from '../workflows/order-payment-definitions';
import type { OrderPayments, PayNowOutcome } from '../src/domains/order';
import { usePaymentMethod, type BillingDeps } from '../src/domains/subscription';

/** The processor's token of the card stays out of the workflow's history. */
function withoutMethod(outcome: PayNowOutcome): { chargeId: string | null } | { declined: string } {
  return 'declined' in outcome ? outcome : { chargeId: outcome.chargeId };
}

export const createOrderPaymentActivities = (payments: OrderPayments, billing: BillingDeps) => ({
  /** Saves a new card or takes a saved method, and charges the order's total with keys from the attempt. */
  chargeOrderNow: async (orderId: string, attempt: number, payment: OrderPayment) =>
    withoutMethod(await payments.chargeNow(orderId, attempt, payment)),
  /** The same for a past-due renewal (keyed by the Update's id); a new card that paid it renews the subscription. */
  payPastDueOrder: async (orderId: string, updateId: string, payment: OrderPayment) => {
    const outcome = await payments.chargeNow(orderId, updateId, payment);
    if ('method' in outcome && outcome.method && 'confirmationToken' in payment)
      await usePaymentMethod(billing, orderId, outcome.method);
    return withoutMethod(outcome);
  },
});
