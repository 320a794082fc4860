// A renewal as one workflow step: the period renewed (its order written), charged, and the payment recorded. Three
// transactions with the processor call between them, never inside one; each part finds its own earlier work when
// the step is retried (the order by its cycle key, the charge by its key, the payment by the order's status).
import type { BillingDeps } from './billing-deps';
import { recordPayment } from './record-payment';
import { renewPeriod } from './renew-subscription';
import { chargeRenewal, type RenewalCharge } from './renewal-charge';
import type { SubscriptionSchedule } from './subscription.logic';

/** The renewal's order and charge, and the schedule after the payment when the charge went through at once. */
export interface RenewalStep {
  orderId: string;
  charge: RenewalCharge;
  /** Null when the charge was declined or is still processing: the workflow takes it from there. */
  paidSchedule: SubscriptionSchedule | null;
}

/** The parts of a renewal, as the separate activities of the workflow's earlier runs do them. */
export interface RenewalParts {
  renewSubscription(subscriptionId: string, periodEnd: string, at: string): Promise<{ orderId: string }>;
  chargeSubscriptionOrder(orderId: string, attempt: number): Promise<RenewalCharge>;
  recordSubscriptionPayment(orderId: string, chargeId: string | null, at: string): Promise<SubscriptionSchedule>;
}

/** Renews the period ending at `periodEnd` (at that time) and charges it: attempt 1 of its order. */
export async function renewAndCharge(
  parts: RenewalParts,
  subscriptionId: string,
  periodEnd: string,
): Promise<RenewalStep> {
  const { orderId } = await parts.renewSubscription(subscriptionId, periodEnd, periodEnd);
  const charge = await parts.chargeSubscriptionOrder(orderId, 1);
  const settled = !('declined' in charge) && !charge.pending;
  return {
    orderId,
    charge,
    paidSchedule: settled ? await parts.recordSubscriptionPayment(orderId, charge.chargeId, periodEnd) : null,
  };
}

/**
 * The same step, with what the renewal read passed on: the charge and the payment read neither the order nor the
 * subscription's product, customer and prices again (a retried step reads them, as the parts do).
 */
export async function renewChargeAndRecord(
  deps: BillingDeps,
  subscriptionId: string,
  periodEnd: string,
): Promise<RenewalStep> {
  const { orderId, reads } = await renewPeriod(deps, subscriptionId, periodEnd, periodEnd);
  const charge = await chargeRenewal(deps, orderId, 1, reads);
  const settled = !('declined' in charge) && !charge.pending;
  const known = reads && { subscriptionId, order: reads.orderReads };
  return {
    orderId,
    charge,
    paidSchedule: settled ? await recordPayment(deps, orderId, charge.chargeId, periodEnd, known) : null,
  };
}
