// A new checkout session: its products and customer checked, its amounts computed; writes the session, starts its
// workflow and writes checkout.created through the outbox.
import { randomBytes } from 'node:crypto';
import type { CheckoutCreate } from '../../contracts/checkout-create';
import { RequestValidationError, invalidField, type ValidationIssue } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import type { Tx } from '../../platform/database/transaction';
import { Checkout } from './checkout.entity';
import { chooseCurrency } from './checkout-currency';
import { checkoutOutput } from './checkout.output';
import { checkCustomFields } from './checkout-custom-fields';
import type { CheckoutDeps } from './checkout-deps';
import { recomputeCheckout } from './checkout-pricing';
import { productsOf } from './checkout-products';
import { staticPrice } from './checkout-static-price';
import { startCheckoutFlow } from './start-checkout-workflow';

export async function createCheckout(
  deps: CheckoutDeps,
  tx: Tx,
  organizationId: string,
  input: CheckoutCreate,
): Promise<Checkout> {
  const products = await productsOf(deps.products, tx.em, organizationId, input.products);
  const issues: ValidationIssue[] = [];
  input.products.forEach((id, i) => {
    const product = products.find((p) => p.id === id);
    if (!product || product.is_archived)
      issues.push({
        loc: ['body', 'products', i],
        msg: 'No such product in this organization.',
        type: 'unknown_product',
      });
  });
  if (issues.length) throw new RequestValidationError(issues);
  const customer = input.customer_id ? await deps.customers.find(tx.em, organizationId, input.customer_id) : null;
  if (input.customer_id && !customer)
    throw invalidField(['body', 'customer_id'], 'No such customer in this organization.');

  const product = products.find((p) => p.id === input.products[0])!;
  const currency = await chooseCurrency(deps, tx.em, organizationId, {
    requested: input.currency,
    product,
    country: input.customer_billing_address?.country ?? customer?.billingAddress?.country,
  });
  const price = staticPrice(product, currency)!;
  if (input.test_clock_id)
    await deps.testClocks.attachable(tx.em, organizationId, input.test_clock_id, ['body', 'test_clock_id']);
  const testClockId = input.test_clock_id ?? customer?.testClockId ?? null;
  const now = await deps.testClocks.now(tx.em, testClockId);
  const checkout = tx.em.create(Checkout, {
    id: newId(),
    organizationId,
    status: 'open',
    clientSecret: `bursar_c_${randomBytes(32).toString('base64url')}`,
    productIds: [...new Set(input.products)],
    productId: product.id,
    productPriceId: price.id,
    currency,
    currencyChosen: Boolean(input.currency),
    customAmount: input.amount ?? null,
    seats: input.seats ?? null,
    discountId: input.discount_id ?? null,
    allowDiscountCodes: input.allow_discount_codes,
    requireBillingAddress: input.require_billing_address || Boolean(input.customer_billing_address?.line1),
    isBusinessCustomer: input.is_business_customer ?? false,
    allowTrial: input.allow_trial,
    trialInterval: input.trial_interval ?? null,
    trialIntervalCount: input.trial_interval_count ?? null,
    trialEnd: null,
    testClockId,
    subscriptionId: null,
    customerId: input.customer_id ?? null,
    customerName: input.customer_name ?? customer?.name ?? null,
    customerEmail: input.customer_email ?? customer?.email ?? null,
    customerIpAddress: input.customer_ip_address ?? null,
    customerBillingName: input.customer_billing_name ?? null,
    customerBillingAddress: input.customer_billing_address ?? null,
    customerTaxId: input.customer_tax_id ?? null,
    customerMetadata: input.customer_metadata,
    externalCustomerId: input.external_customer_id ?? null,
    customerSessionAllowed: Boolean(input.customer_id),
    metadata: input.metadata,
    customFieldData: input.custom_field_data,
    successUrl: input.success_url ?? null,
    returnUrl: input.return_url ?? null,
    embedOrigin: input.embed_origin ?? null,
    locale: input.locale ?? null,
    taxBehavior: null,
    amount: 0,
    discountAmount: 0,
    netAmount: 0,
    taxAmount: null,
    totalAmount: 0,
    paymentError: null,
    orderId: null,
    expiresAt: new Date(now.getTime() + deps.ttlSeconds * 1000),
    createdAt: now,
    modifiedAt: null,
  });
  await recomputeCheckout(deps, tx.em, checkout, products);
  checkCustomFields(checkout, products, false);
  await tx.em.flush();
  startCheckoutFlow(deps, tx, checkout);
  deps.outbox.enqueueEvent(
    tx,
    checkout.organizationId,
    'checkout.created',
    await checkoutOutput(tx.em, deps, checkout),
  );
  return checkout;
}
