// Paying orders now: finalizing a draft (and charging it at once with a saved method), and one attempt to pay a
// finalized draft sent to its `order:<id>` flow as an Update (charge-order-now.ts is the attempt's processor calls).
import {
  orderPayUpdate,
  type OrderPayment,
  type OrderPaymentResult,
} from '../../../workflows/order-payment-definitions';
import { orderWorkflowId } from '../../../workflows/definitions';
import type { OrderFinalize } from '../../contracts/order-create';
import { invalidField } from '../../kernel/errors';
import { inTransaction } from '../../platform/database/transaction';
import { chargeOrderNow } from './charge-order-now';
import type { Order } from './order.entity';
import type { OrderPaymentDeps } from './order-payment-deps';
import { OrderNotEligibleForRetry, PaymentFailed, PaymentAlreadyInProgress } from './order.errors';

export const ORDER_PAYMENT_ERRORS = [OrderNotEligibleForRetry, PaymentAlreadyInProgress];

export class OrderPayments {
  constructor(private readonly deps: OrderPaymentDeps) {}

  /**
   * Finalizes a draft (order.created, its flow started, its invoice rendered) and, with a saved method, charges it at
   * once: 402 when declined (the order stays pending and its customer gets the pay link); without, e-mails the link.
   */
  async finalize(organizationId: string, id: string, body: OrderFinalize): Promise<Order> {
    const { orm, orders, documents, savedMethods } = this.deps;
    const methodId = body.payment_method_id ?? null;
    const order = await inTransaction(orm, async (tx) => {
      const draft = await orders.get(tx.em, organizationId, id);
      if (methodId && !(await savedMethods.get(draft.customerId, methodId, tx.em)))
        throw invalidField(['body', 'payment_method_id'], 'Payment method not found.');
      const finalized = await orders.finalize(tx, organizationId, id);
      await documents.requestInvoice(tx, organizationId, finalized.id);
      if (!methodId && finalized.totalAmount > 0) await orders.emailPayLink(tx, finalized, 'invoice');
      return finalized;
    });
    if (!methodId || order.totalAmount <= 0) return order;
    // Whatever stops the charge (a decline, an outage), the order is numbered already: its customer gets the pay link.
    const emailLink = () => inTransaction(orm, (tx) => orders.emailPayLink(tx, order, 'invoice'));
    const result = await this.pay(order.id, { paymentMethodId: methodId }).catch(async (error) => {
      await emailLink();
      throw error;
    });
    if (result.status === 'failed') {
      await emailLink();
      throw new PaymentFailed(result.error ?? 'The payment was declined.');
    }
    return orders.findById(orm.em.fork(), order.id);
  }

  /** One attempt to pay a finalized draft now (its flow's Update): 409 while another runs, 422 once paid. */
  pay(orderId: string, payment: OrderPayment): Promise<OrderPaymentResult> {
    return this.deps.flows.update(orderWorkflowId(orderId), orderPayUpdate, [payment], {
      errors: ORDER_PAYMENT_ERRORS,
      notStarted: 'This order is still being set up; try again in a moment.',
    });
  }

  /** The attempt's processor calls (the flow's activity). */
  chargeNow(orderId: string, attempt: number | string, payment: OrderPayment) {
    return chargeOrderNow(this.deps, orderId, attempt, payment);
  }
}
