// The confirmation step: the customer's last changes applied and checked, the customer matched or created, the
// payment method saved: `confirmed`. Processor calls happen between two short transactions, never inside one.
import type { CheckoutConfirm } from '../../contracts/checkout-update';
import { PaymentDeclined } from '../../adapters/payment/payment-processor';
import { Conflict, RequestValidationError, type ValidationIssue } from '../../kernel/errors';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import type { Checkout } from './checkout.entity';
import { ExpiredCheckoutError, NotOpenCheckout, PaymentError } from './checkout.errors';
import { lockCheckout, saveAndAnnounce, type FlowDeps } from './flow-deps';

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
    await assertOpen(deps, tx, checkout);
    await deps.checkouts.update(tx, checkout, body);
    const needed = checkout.totalAmount > 0;
    const issues = requiredData(checkout, needed, body.confirmation_token_id);
    if (issues.length) throw new RequestValidationError(issues);
    deps.checkouts.checkCustomFields(
      checkout,
      await deps.checkouts.products(tx.em, checkout.organizationId, [checkout.productId]),
      true,
    );
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
      checked: { total: checkout.totalAmount, modifiedAt: checkout.modifiedAt?.getTime() },
    };
  });
  if (!first) return; // a retry of a confirmation that already went through
  const { customer, paymentNeeded, checked } = first;

  let saved: { processorCustomerId: string; paymentMethodToken: string; paymentMethodType: string } | null = null;
  const processor = paymentNeeded ? deps.processor : null;
  if (processor) {
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
    saved = {
      processorCustomerId: processorCustomer.customerId,
      paymentMethodToken: method.token,
      paymentMethodType: method.type,
    };
  }

  await inTransaction(deps.orm, async (tx) => {
    const checkout = await lockCheckout(tx, checkoutId);
    if (alreadyConfirmed(checkout, attempt)) return;
    await assertOpen(deps, tx, checkout);
    if (checkout.totalAmount !== checked.total || checkout.modifiedAt?.getTime() !== checked.modifiedAt) {
      throw new Conflict('The checkout changed while it was being confirmed; confirm it again.');
    }
    if (checkout.discountId && !(await deps.discounts.redeem(tx.em, checkout.discountId))) {
      throw new RequestValidationError([
        { loc: ['body', 'discount_code'], msg: 'This discount is no longer redeemable.', type: 'value_error' },
      ]);
    }
    const confirmedAt = await deps.checkouts.now(tx.em, checkout);
    Object.assign(checkout, {
      ...saved,
      status: 'confirmed',
      confirmationAttempt: attempt,
      confirmedAt,
      paymentError: null,
      modifiedAt: deps.clock.now(),
    });
    await saveAndAnnounce(deps, tx, checkout);
  });
}

/** The activity retried after its confirmation had already committed (its first outcome was lost). */
function alreadyConfirmed(checkout: Checkout, attempt: number): boolean {
  return checkout.status === 'confirmed' && checkout.confirmationAttempt === attempt;
}

async function assertOpen(deps: FlowDeps, tx: Tx, checkout: Checkout): Promise<void> {
  if (checkout.status !== 'open') throw new NotOpenCheckout('This checkout is not open.');
  if (checkout.expiresAt <= (await deps.checkouts.now(tx.em, checkout)))
    throw new ExpiredCheckoutError('This checkout has expired.');
}

/** What confirming needs: an e-mail, an address good enough for tax, a payment method when something is due, required fields. */
function requiredData(checkout: Checkout, paymentNeeded: boolean, token: string | null | undefined): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const missing = (loc: (string | number)[], msg: string) => issues.push({ loc, msg, type: 'missing' });
  if (!checkout.customerEmail) missing(['body', 'customer_email'], 'An e-mail address is required.');
  const address = checkout.customerBillingAddress;
  const fullAddress = checkout.requireBillingAddress || checkout.isBusinessCustomer || address?.country === 'US';
  if (paymentNeeded && !address)
    missing(['body', 'customer_billing_address'], 'A billing address (at least the country) is required.');
  if (address && (address.country === 'US' || address.country === 'CA') && !address.state)
    missing(['body', 'customer_billing_address', 'state'], 'The state or province is required.');
  if (address && fullAddress) {
    for (const field of ['line1', 'city', 'postal_code'] as const)
      if (!address[field]) missing(['body', 'customer_billing_address', field], `${field} is required.`);
  }
  if (checkout.isBusinessCustomer && !checkout.customerBillingName)
    missing(['body', 'customer_billing_name'], 'A business needs its billing name.');
  if (paymentNeeded && checkout.taxAmount === null && address)
    missing(['body', 'customer_billing_address'], 'The billing address does not tell where tax is due.');
  if (paymentNeeded && !token) missing(['body', 'confirmation_token_id'], 'A payment method is required.');
  return issues;
}
