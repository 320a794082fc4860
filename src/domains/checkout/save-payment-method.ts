// The confirmation's processor calls, between its two transactions: the customer created at the processor and the
// payment method saved for it (a decline is the confirmation's PaymentError).
import { PaymentDeclined, type SavedPaymentMethod as ProcessorMethod } from '../../adapters/payment/payment-processor';
import type { CheckoutConfirm } from '../../contracts/checkout-update';
import { PaymentError } from './checkout.errors';
import type { FlowDeps } from './flow-deps';
import type { Tx } from '../../platform/database/transaction';
import type { Checkout } from './checkout.entity';

/** What the session keeps of the saved method, to charge it now and renew with it later. */
export interface SavedPaymentMethod {
  processorCustomerId: string;
  paymentMethodToken: string;
  paymentMethodType: string;
}

/** The saved method: what the session keeps, and what the processor told of it (for the customer's methods). */
export interface SavedMethod {
  onCheckout: SavedPaymentMethod;
  method: ProcessorMethod;
}

/** Saves the confirmation's payment method for the customer at the processor (none without a processor). */
export async function savePaymentMethod(
  deps: Pick<FlowDeps, 'processor'>,
  checkoutId: string,
  customer: { id: string; email: string; name: string | null },
  body: CheckoutConfirm,
  attempt: number,
): Promise<SavedMethod | null> {
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
    onCheckout: {
      processorCustomerId: processorCustomer.customerId,
      paymentMethodToken: method.token,
      paymentMethodType: method.type,
    },
    method,
  };
}

/** Records the saved method among the customer's (their default only when they have none: whoever typed their e-mail at a checkout must not choose what their subscriptions are charged to), in the confirmation's transaction. */
export async function recordSavedMethod(
  deps: Pick<FlowDeps, 'paymentMethods'>,
  tx: Tx,
  checkout: Pick<Checkout, 'organizationId' | 'customerId'>,
  saved: SavedMethod,
): Promise<void> {
  const { method, onCheckout } = saved;
  await deps.paymentMethods.record(tx, {
    organizationId: checkout.organizationId,
    customerId: checkout.customerId!,
    processorCustomerId: onCheckout.processorCustomerId,
    token: method.token,
    type: method.type,
    brand: method.brand,
    last4: method.last4,
    expMonth: method.expMonth,
    expYear: method.expYear,
    fingerprint: method.fingerprint,
    makeDefault: false,
  });
}
