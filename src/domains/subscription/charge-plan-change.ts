// The charge of an invoiced plan change, on the subscription's saved card: paid now or not at all (402).
import { PaymentDeclined } from '../../adapters/payment/payment-processor';
import type { CommandDeps } from './command-deps';
import { Subscription } from './subscription.entity';
import { PaymentFailed } from './subscription.errors';
import { NOT_AT_ONCE } from '../payment';

/** The charge of the invoice's total on the saved card; a decline is the change's 402. */
export async function chargePlanChange(
  deps: CommandDeps,
  subscriptionId: string,
  invoice: { net: number; tax: number },
  cycleKey: string,
): Promise<string> {
  const s = await deps.orm.em.fork().findOneOrFail(Subscription, { id: subscriptionId });
  const total = s.taxBehavior === 'inclusive' ? invoice.net : invoice.net + invoice.tax;
  try {
    if (!deps.processor || !s.paymentMethodToken || !s.processorCustomerId)
      throw new PaymentDeclined('card_declined', 'No payment method is saved for this subscription.');
    // No PaymentTrigger value names a plan change's invoice: its payment's trigger is null.
    const charged = await deps.billing.payments.charge({
      organizationId: s.organizationId,
      customerId: s.customerId,
      customerEmail: null,
      checkoutId: null,
      orderId: null,
      trigger: null,
      processorCustomerId: s.processorCustomerId,
      paymentMethod: s.paymentMethodToken,
      amount: total,
      currency: s.currency,
      idempotencyKey: `subscription:${cycleKey}`,
      reference: subscriptionId,
    });
    // A change charged now is paid now: one the processor would settle later is canceled there (and made only if
    // it went through meanwhile), so that no charge stands for a change that was not made.
    if (charged.pending) {
      const outcome = await deps.billing.payments.cancelPending({
        chargeId: charged.chargeId,
        idempotencyKey: `subscription:${cycleKey}:cancel`,
        message: NOT_AT_ONCE,
      });
      if (outcome === 'canceled')
        throw new PaymentDeclined('card_declined', 'the payment could not be completed at once');
    }
    return charged.chargeId;
  } catch (error) {
    if (error instanceof PaymentDeclined)
      throw new PaymentFailed(`The change was not made: the payment failed (${error.message}).`);
    throw error;
  }
}
