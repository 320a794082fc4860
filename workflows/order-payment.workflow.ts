// A finalized draft order (`order:<id>`, type `orderPayment`): paid at once when nothing is owed, else it waits for
// the customer (pay page, confirm-payment) or the merchant (finalize with a saved method) to pay it through its
// Update. One attempt at a time, each charged with a key from the attempt's number; a decline leaves it payable.
import { allHandlersFinished, ApplicationFailure, condition, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { failureType } from '../src/kernel/error-codes';
import { CHECKOUT_ACTIVITY } from './activity-options';
import {
  orderPayUpdate,
  type OrderPayment,
  type OrderPaymentInput,
  type OrderPaymentResult,
} from './order-payment-definitions';

const { chargeOrderNow, markOrderPaid } = proxyActivities<Activities>(CHECKOUT_ACTIVITY);

export async function orderPayment({ orderId, free }: OrderPaymentInput): Promise<'paid'> {
  let paid = false;
  let busy = false;
  let attempts = 0;
  const refuse = () => {
    if (paid) throw ApplicationFailure.nonRetryable('The order is paid.', failureType('OrderNotEligibleForRetry'));
    if (busy)
      throw ApplicationFailure.nonRetryable('A payment is in progress.', failureType('PaymentAlreadyInProgress'));
  };
  const pay = async (payment: OrderPayment): Promise<OrderPaymentResult> => {
    refuse();
    busy = true;
    try {
      attempts++;
      const outcome = await chargeOrderNow(orderId, attempts, payment);
      if ('declined' in outcome) return { status: 'failed', error: outcome.declined };
      await markOrderPaid(orderId, outcome.chargeId);
      paid = true;
      return { status: 'succeeded', error: null };
    } finally {
      busy = false;
    }
  };
  setHandler(orderPayUpdate, pay, { validator: (_: OrderPayment) => void refuse() });
  if (free) {
    await markOrderPaid(orderId, null);
    paid = true;
  }
  await condition(() => paid && allHandlersFinished());
  return 'paid';
}
