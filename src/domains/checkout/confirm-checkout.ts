// The confirmation step: the customer's last changes applied and checked, the customer matched or created, the
// payment method saved: `confirmed`. Processor calls happen between two short transactions, never inside one.
import type { CheckoutConfirm } from '../../contracts/checkout-update';
import { Conflict, RequestValidationError } from '../../kernel/errors';
import { inTransaction } from '../../platform/database/transaction';
import { PaymentError } from './checkout.errors';
import { alreadyConfirmed, assertConfirmable } from './confirmation-guards';
import { requiredData } from './confirmation-requirements';
import { lockCheckout, type FlowDeps } from './flow-deps';
import { saveAndAnnounce } from './checkout-status-change';
import { recordSavedMethod, savePaymentMethod } from './save-payment-method';
import { rememberChargeTerms } from './charge-terms';

/**
 * Applies the customer's last changes, checks everything a payment needs, matches or creates the customer, saves
 * the payment method: `confirmed`. Processor calls happen between two short transactions, never inside one, so a
 * confirmation holds one database connection at a time.
 */
export async function confirmCheckout(
  deps: FlowDeps,
  checkoutId: string,
  body: CheckoutConfirm,
  attempt: number,
): Promise<void> {
  const first = await inTransaction(deps.orm, async (tx) => {
    const checkout = await lockCheckout(tx, checkoutId);
    if (alreadyConfirmed(checkout, attempt)) return null;
    await assertConfirmable(deps, tx, checkout);
    await deps.checkouts.update(tx, checkout, body);
    const needed = checkout.totalAmount > 0;
    const issues = requiredData(checkout, needed, body.confirmation_token_id);
    if (issues.length) throw new RequestValidationError(issues);
    // Read once (the update above did): checked here, rendered again by the second transaction's checkout.updated.
    const products = await deps.checkouts.products(tx.em, checkout.organizationId, checkout.productIds);
    deps.checkouts.checkCustomFields(checkout, products, true);
    // Refused inside the transaction that applied the body, before the customer is written: the refusal changes nothing.
    if (needed && !deps.processor) throw new PaymentError('No payment processor is configured for this environment.');
    const { customer, created } = await deps.customers.findOrCreate(tx, checkout.organizationId, {
      email: checkout.customerEmail!,
      externalId: checkout.externalCustomerId,
      name: checkout.customerName,
      billingName: checkout.customerBillingName,
      billingAddress: checkout.customerBillingAddress,
      taxId: deps.checkouts.checkedTaxId(checkout),
      metadata: checkout.customerMetadata,
      testClockId: checkout.testClockId,
    });
    // The buyer gets a portal session for a customer this checkout created, or the one the merchant named in it.
    checkout.customerSessionAllowed =
      created || (checkout.customerSessionAllowed && checkout.customerId === customer.id);
    checkout.customerId = customer.id;
    await tx.em.flush();
    return {
      customer: { id: customer.id, email: customer.email, name: customer.name },
      paymentNeeded: needed,
      products,
      checked: { total: checkout.totalAmount, modifiedAt: checkout.modifiedAt?.getTime() },
    };
  });
  if (!first) return; // a retry of a confirmation that already went through
  const { customer, paymentNeeded, checked, products } = first;

  const saved = paymentNeeded ? await savePaymentMethod(deps, checkoutId, customer, body, attempt) : null;

  const confirmed = await inTransaction(deps.orm, async (tx) => {
    const checkout = await lockCheckout(tx, checkoutId);
    if (alreadyConfirmed(checkout, attempt)) return checkout;
    deps.checkouts.rememberProducts(tx.em, checkout.organizationId, products);
    await assertConfirmable(deps, tx, checkout);
    if (checkout.totalAmount !== checked.total || checkout.modifiedAt?.getTime() !== checked.modifiedAt) {
      throw new Conflict('The checkout changed while it was being confirmed; confirm it again.');
    }
    if (checkout.discountId && !(await deps.discounts.redeem(tx.em, checkout.discountId))) {
      throw new RequestValidationError([
        { loc: ['body', 'discount_code'], msg: 'This discount is no longer redeemable.', type: 'value_error' },
      ]);
    }
    const confirmedAt = await deps.checkouts.now(tx.em, checkout);
    if (saved) await recordSavedMethod(deps, tx, checkout, saved);
    Object.assign(checkout, {
      ...saved?.onCheckout,
      status: 'confirmed',
      confirmationAttempt: attempt,
      confirmedAt,
      paymentError: null,
      modifiedAt: deps.clock.now(),
    });
    await saveAndAnnounce(deps, tx, checkout);
    return checkout;
  });
  rememberChargeTerms(confirmed, attempt); // committed: the charge that follows need not read the session again
}
