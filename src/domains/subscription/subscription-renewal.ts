// A renewal as one workflow step: the period renewed (its order written), charged, and the payment recorded. Three
// transactions with the processor call between them, never inside one; each part finds its own earlier work when
// the step is retried (the order by its cycle key, the charge by its key, the payment by the order's status).
import type { RenewalCharge } from './renewal-charge';
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
