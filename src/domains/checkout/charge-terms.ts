// What a committed confirmation leaves for its charge, handed over inside the worker process: the charge activity
// usually runs right after in the same process, and then need not read the session again. A confirmation's terms never
// change once committed (a confirmed session takes no changes; another confirmation is another attempt), so a term
// found here is the row's; one not found (another process, a restart) is read from the database.
import type { Checkout } from './checkout.entity';

export type ChargeTerms = Pick<
  Checkout,
  | 'id'
  | 'organizationId'
  | 'customerId'
  | 'customerEmail'
  | 'totalAmount'
  | 'currency'
  | 'trialEnd'
  | 'processorCustomerId'
  | 'paymentMethodToken'
>;

/** The latest confirmations' terms, by `<checkout id>:<attempt>`; the oldest go first past the bound. */
const committed = new Map<string, ChargeTerms>();
const BOUND = 1000;

/** Keeps a confirmation's terms, once its transaction committed. */
export function rememberChargeTerms(checkout: Checkout, attempt: number): void {
  const { id, organizationId, customerId, customerEmail, totalAmount, currency, trialEnd } = checkout;
  const { processorCustomerId, paymentMethodToken } = checkout;
  committed.set(`${id}:${attempt}`, {
    ...{ id, organizationId, customerId, customerEmail, totalAmount, currency, trialEnd },
    ...{ processorCustomerId, paymentMethodToken },
  });
  if (committed.size > BOUND) committed.delete(committed.keys().next().value!);
}

/** The terms of the confirmation `attempt`, when this process committed it (taken: asked once). */
export function takeChargeTerms(checkoutId: string, attempt: number): ChargeTerms | undefined {
  const key = `${checkoutId}:${attempt}`;
  const terms = committed.get(key);
  committed.delete(key);
  return terms;
}
