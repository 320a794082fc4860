// Paying one order now (definitions beyond definitions.ts): a finalized draft's `order:<id>` flow, and a past-due
// renewal's payment sent to its subscription's flow. The names are recorded in histories: never change them.
import { defineUpdate } from '@temporalio/workflow';
import { orderWorkflowId, type FlowDescriptor } from './definitions';

/** A finalized draft order's flow (`order:<id>`, type `orderPayment`): waits to be paid. */
export interface OrderPaymentInput {
  orderId: string;
  /** Nothing to charge: paid at once. */
  free: boolean;
}

/** How the customer pays: a new card (a processor confirmation token, saved then charged) or a saved method. */
export type OrderPayment = { confirmationToken: string } | { paymentMethodId: string };

/** The outcome of one attempt: `failed` with the processor's reason leaves the order payable. */
export interface OrderPaymentResult {
  status: 'succeeded' | 'failed';
  error: string | null;
}

/** Pay the finalized draft now (its flow). */
export const orderPayUpdate = defineUpdate<OrderPaymentResult, [OrderPayment]>('pay');

/** Pay the subscription's past-due order now (its subscription's flow): dunning stops once it is paid. */
export const subscriptionPayNowUpdate = defineUpdate<OrderPaymentResult, [{ orderId: string; payment: OrderPayment }]>(
  'payNow',
);

/** The flow's descriptor (as `FLOWS` in definitions.ts has the others'). */
export const ORDER_PAYMENT_FLOW: FlowDescriptor<'orderPayment', OrderPaymentInput, [string]> = {
  type: 'orderPayment',
  id: orderWorkflowId,
};
