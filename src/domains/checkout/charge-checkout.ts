// Charging a confirmed session once per confirmation (undo-checkout-charge.ts undoes it).
import { PaymentDeclined } from '../../adapters/payment/payment-processor';
import { Checkout } from './checkout.entity';
import { takeChargeTerms } from './charge-terms';
import type { ChargeOutcome, FlowDeps } from './flow-deps';

/** Charges the total once per confirmation (the key comes from the workflow); a decline is an outcome, not an error. */
export async function chargeCheckout(deps: FlowDeps, checkoutId: string, attempt: number): Promise<ChargeOutcome> {
  const checkout =
    takeChargeTerms(checkoutId, attempt) ?? (await deps.orm.em.fork().findOneOrFail(Checkout, { id: checkoutId }));
  if (checkout.totalAmount === 0 || checkout.trialEnd) return { chargeId: null }; // a trial is charged when it ends
  try {
    const { chargeId, pending } = await deps.payments.charge({
      organizationId: checkout.organizationId,
      customerId: checkout.customerId,
      customerEmail: checkout.customerEmail,
      checkoutId: checkout.id,
      orderId: null,
      trigger: 'purchase',
      processorCustomerId: checkout.processorCustomerId!,
      paymentMethod: checkout.paymentMethodToken!,
      amount: checkout.totalAmount,
      currency: checkout.currency,
      idempotencyKey: `checkout:${checkout.id}:charge:${attempt}`,
      reference: checkout.id,
    });
    return pending ? { chargeId, pending, settleWithinMs: deps.settlementTimeoutMs } : { chargeId };
  } catch (error) {
    if (error instanceof PaymentDeclined) return { declined: error.message };
    throw error;
  }
}
