// A change to an open session, by the merchant or by the customer through the client secret; the currency follows a
// new country while nobody named one; the amounts recomputed.
import type { CheckoutUpdate, CheckoutUpdatePublic } from '../../contracts/checkout-update';
import { invalidField } from '../../kernel/errors';
import type { Tx } from '../../platform/database/transaction';
import type { Checkout } from './checkout.entity';
import { updateCurrency } from './checkout-currency';
import { checkCustomFields } from './checkout-custom-fields';
import { checkoutNow, type CheckoutDeps } from './checkout-deps';
import { recomputeCheckout } from './checkout-pricing';
import { productsOf } from './checkout-products';
import { staticPrice } from './checkout-static-price';

/** Applies an update to an open session (by the merchant, or the customer through the client secret). */
export async function updateCheckout(
  deps: CheckoutDeps,
  tx: Tx,
  checkout: Checkout,
  input: CheckoutUpdate | CheckoutUpdatePublic,
): Promise<Checkout> {
  const merchant = input as CheckoutUpdate;
  const products = await productsOf(deps.products, tx.em, checkout.organizationId, checkout.productIds);
  const countryBefore = checkout.customerBillingAddress?.country ?? null;
  if (input.product_id != null) {
    const product = products.find((p) => p.id === input.product_id);
    const price = product && staticPrice(product, checkout.currency);
    if (!price) throw invalidField(['body', 'product_id'], 'This product is not offered in this checkout.');
    Object.assign(checkout, { productId: product.id, productPriceId: price.id });
  }
  if (input.amount !== undefined) checkout.customAmount = input.amount;
  if (input.seats !== undefined) checkout.seats = input.seats;
  if (input.is_business_customer != null) checkout.isBusinessCustomer = input.is_business_customer;
  if (input.customer_name !== undefined) checkout.customerName = input.customer_name;
  if (input.customer_email !== undefined) checkout.customerEmail = input.customer_email;
  if (input.customer_billing_name !== undefined) checkout.customerBillingName = input.customer_billing_name;
  if (input.customer_billing_address !== undefined) checkout.customerBillingAddress = input.customer_billing_address;
  if (input.customer_tax_id !== undefined) checkout.customerTaxId = input.customer_tax_id;
  if (input.locale !== undefined) checkout.locale = input.locale;
  if (input.custom_field_data !== undefined)
    checkout.customFieldData = { ...checkout.customFieldData, ...input.custom_field_data };
  if ('discount_code' in input && input.discount_code != null) {
    if (!checkout.allowDiscountCodes)
      throw invalidField(['body', 'discount_code'], 'This checkout does not accept discount codes.');
    const discount = await deps.discounts.findByCode(tx.em, checkout.organizationId, input.discount_code);
    if (!discount) throw invalidField(['body', 'discount_code'], 'No such discount code.');
    checkout.discountId = discount.id;
  }
  if (merchant.discount_id !== undefined) checkout.discountId = merchant.discount_id;
  if (merchant.allow_discount_codes != null) checkout.allowDiscountCodes = merchant.allow_discount_codes;
  if (merchant.require_billing_address != null) checkout.requireBillingAddress = merchant.require_billing_address;
  if (merchant.customer_ip_address !== undefined) checkout.customerIpAddress = merchant.customer_ip_address;
  if (merchant.customer_metadata !== undefined) checkout.customerMetadata = merchant.customer_metadata;
  if (merchant.metadata !== undefined) checkout.metadata = merchant.metadata;
  if (merchant.success_url !== undefined) checkout.successUrl = merchant.success_url;
  if (merchant.return_url !== undefined) checkout.returnUrl = merchant.return_url;
  if (merchant.embed_origin !== undefined) checkout.embedOrigin = merchant.embed_origin;
  await updateCurrency(deps, tx.em, checkout, products, { requested: merchant.currency, countryBefore });
  checkout.modifiedAt = await checkoutNow(deps, tx.em, checkout);
  await recomputeCheckout(deps, tx.em, checkout, products);
  if (input.custom_field_data !== undefined) checkCustomFields(checkout, products, false);
  await tx.em.flush();
  return checkout;
}
