// Paying a pending order now, on the customer's word (pay page, confirm-payment) or the merchant's (finalize with a
// saved method): the processor calls of one attempt, each keyed by the order and the attempt's number. Every charge
// attempt of an order paid now goes through here.
import { PaymentDeclined, type SavedPaymentMethod } from '../../adapters/payment/payment-processor';
import type { OrderPayment } from '../../../workflows/order-payment-definitions';
import { inTransaction } from '../../platform/database/transaction';
import { Order } from './order.entity';
import type { OrderPaymentDeps } from './order-payment-deps';
import { NOT_AT_ONCE } from '../payment';

/** The attempt's outcome: charged (`method`: a new card saved for later use), or declined with the reason to show. */
export type PayNowOutcome =
  { chargeId: string | null; method?: { processorCustomerId: string; token: string } } | { declined: string };

/** Charges the order's total with a new card or a saved method; keys `order:<id>:pay:<attempt>[:method]`. */
export async function chargeOrderNow(
  deps: OrderPaymentDeps,
  orderId: string,
  /** The attempt's number (a draft's flow) or the id of the Update that asked for it (a subscription's flow). */
  attempt: number | string,
  payment: OrderPayment,
): Promise<PayNowOutcome> {
  const em = deps.orm.em.fork();
  const order = await em.findOneOrFail(Order, { id: orderId });
  if (order.status === 'paid') return { chargeId: order.chargeId }; // a retried step
  if (order.status !== 'pending') return { declined: `The order is ${order.status}: there is nothing to pay.` };
  if (order.totalAmount <= 0) return { chargeId: null };
  const { processor } = deps;
  if (!processor) return { declined: 'Payments are not configured on this server.' };
  const customer = await deps.customers.ofOrder(em, order.customerId);
  const key = `order:${order.id}:pay:${attempt}`;
  try {
    let method: { processorCustomerId: string; token: string };
    let card: SavedPaymentMethod | null = null;
    if ('confirmationToken' in payment) {
      const { customerId } = await processor.createCustomer({
        email: customer.email,
        name: customer.name,
        idempotencyKey: `customer:${customer.id}`,
      });
      card = await processor.savePaymentMethod({
        customerId,
        confirmationToken: payment.confirmationToken,
        idempotencyKey: `${key}:method`,
      });
      method = { processorCustomerId: customerId, token: card.token };
    } else {
      const saved = await deps.savedMethods.get(order.customerId, payment.paymentMethodId, em);
      if (!saved) return { declined: 'Payment method not found.' };
      method = saved;
    }
    const charged = await deps.payments.charge({
      organizationId: order.organizationId,
      customerId: order.customerId,
      customerEmail: customer.email,
      checkoutId: null,
      orderId: order.id,
      trigger: order.subscriptionId ? 'retry_customer' : 'purchase',
      processorCustomerId: method.processorCustomerId,
      paymentMethod: method.token,
      amount: order.totalAmount,
      currency: order.currency,
      idempotencyKey: key,
      reference: order.id,
    });
    if (charged.pending) {
      // Paying now waits for no settlement: a charge the processor cannot settle at once is canceled there.
      const outcome = await deps.payments.cancelPending({
        chargeId: charged.chargeId,
        idempotencyKey: `${key}:cancel`,
        message: NOT_AT_ONCE,
      });
      if (outcome === 'canceled') return { declined: 'The payment could not be completed now; try another card.' };
    }
    // A new card that paid stays among the customer's saved methods (their default when they have none).
    if (card) {
      const kept = { organizationId: order.organizationId, customerId: order.customerId, makeDefault: false };
      await inTransaction(deps.orm, (tx) => deps.savedMethods.record(tx, { ...kept, ...method, ...card }));
    }
    return { chargeId: charged.chargeId, method };
  } catch (error) {
    if (error instanceof PaymentDeclined) return { declined: error.message };
    throw error;
  }
}
