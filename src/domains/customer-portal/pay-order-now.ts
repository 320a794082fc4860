// One attempt to pay a pending order now, for its customer (confirm-payment) or a pay link's holder: a finalized
// draft through its own flow, a past-due renewal through its subscription's flow (dunning stops once it is paid).
import type {
  CustomerOrderConfirmPayment,
  CustomerOrderPaymentConfirmation,
} from '../../contracts/portal-order-confirm-payment';
import { RequestValidationError } from '../../kernel/errors';
import { OrderNotEligibleForRetry, type Order, type OrderPayments } from '../order';
import type { SubscriptionCommandService } from '../subscription';

export interface PayNowDeps {
  orderPayments: OrderPayments;
  commands: SubscriptionCommandService;
}

const ONE_OF = 'Give either confirmation_token_id (a new card) or payment_method_id (a saved method).';

/** Pays the order now: `succeeded`, or `failed` with the processor's reason (the order stays payable). */
export async function payOrderNow(
  deps: PayNowDeps,
  order: Order,
  body: CustomerOrderConfirmPayment,
): Promise<CustomerOrderPaymentConfirmation> {
  const token = body.confirmation_token_id ?? null;
  const methodId = body.payment_method_id ?? null;
  if ((token === null) === (methodId === null)) {
    const loc = ['body', token === null ? 'confirmation_token_id' : 'payment_method_id'];
    throw new RequestValidationError([{ loc, msg: ONE_OF, type: 'value_error' }]);
  }
  const payment = token !== null ? { confirmationToken: token } : { paymentMethodId: methodId! };
  // Only a finalized draft (no checkout) or a renewal has a flow that takes a payment now.
  if (order.status !== 'pending' || (!order.subscriptionId && order.checkoutId))
    throw new OrderNotEligibleForRetry(`This order cannot be paid now: it is ${order.status}.`);
  const result = order.subscriptionId
    ? await deps.commands.payNow(order.subscriptionId, order.id, payment)
    : await deps.orderPayments.pay(order.id, payment);
  return { status: result.status, client_secret: null, error: result.error };
}
