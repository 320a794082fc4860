// The confirmation's processor calls, between its two transactions: the customer created at the processor and the
// payment method saved for it (a decline is the confirmation's PaymentError).
import { PaymentDeclined } from '../../adapters/payment/payment-processor';
import type { CheckoutConfirm } from '../../contracts/checkout-update';
import { PaymentError } from './checkout.errors';
import type { FlowDeps } from './flow-deps';

/** What the session keeps of the saved method, to charge it now and renew with it later. */
export interface SavedPaymentMethod {
  processorCustomerId: string;
  paymentMethodToken: string;
  paymentMethodType: string;
}

/** Saves the confirmation's payment method for the customer at the processor (none without a processor). */
export async function savePaymentMethod(
  deps: Pick<FlowDeps, 'processor'>,
  checkoutId: string,
  customer: { id: string; email: string; name: string | null },
  body: CheckoutConfirm,
  attempt: number,
): Promise<SavedPaymentMethod | null> {
  const { processor } = deps;
  if (!processor) return null;
  const processorCustomer = await processor.createCustomer({
    email: customer.email,
    name: customer.name,
    idempotencyKey: `customer:${customer.id}`,
  });
  const method = await processor
    .savePaymentMethod({
      customerId: processorCustomer.customerId,
      confirmationToken: body.confirmation_token_id!,
      idempotencyKey: `checkout:${checkoutId}:method:${attempt}`,
    })
    .catch((error) => Promise.reject(error instanceof PaymentDeclined ? new PaymentError(error.message) : error));
  return {
    processorCustomerId: processorCustomer.customerId,
    paymentMethodToken: method.token,
    paymentMethodType: method.type,
  };
}
