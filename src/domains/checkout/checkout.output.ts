// Renders a checkout in the reference's Checkout shape (checkout-public.output.ts: what the client-secret endpoints
// return).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Checkout as CheckoutOutput } from '../../contracts/checkout';
import type { ProductService } from '../catalog';
import type { DiscountService } from '../discount';
import type { OrganizationService } from '../organization';
import type { Checkout } from './checkout.entity';
import { billingAddressFields } from './billing-address.logic';
import { checkoutProductOutput } from './checkout-product.output';
import { productsOf } from './checkout-products';
import type { CheckoutPrice } from './checkout-price.logic';
import { activeTrial } from './checkout-trial.logic';
import { paymentFlags } from './payment-flags.logic';

export interface CheckoutOutputDeps {
  publicUrl: string;
  products: ProductService;
  discounts: DiscountService;
  organizations: OrganizationService;
}

export async function checkoutOutput(
  em: EntityManager,
  deps: CheckoutOutputDeps,
  checkout: Checkout,
): Promise<CheckoutOutput> {
  const full = await productsOf(deps.products, em, checkout.organizationId, checkout.productIds);
  const products = full.map(checkoutProductOutput);
  const product = products.find((p) => p.id === checkout.productId) ?? null;
  const attachedFields = full.find((p) => p.id === checkout.productId)?.attached_custom_fields ?? null;
  const price = product?.prices.find((p) => p.id === checkout.productPriceId) ?? null;
  const flags = paymentFlags({
    prices: price ? [price as CheckoutPrice] : [],
    isRecurring: product?.is_recurring ?? false,
    amount: checkout.amount,
    total: checkout.totalAmount,
    trial: checkout.trialEnd !== null,
    discount: null,
  });
  const trial = product && activeTrial(checkout, product);
  const successUrl = (
    checkout.successUrl ?? `${deps.publicUrl}/checkout/${checkout.clientSecret}/confirmation`
  ).replaceAll('{CHECKOUT_ID}', checkout.id);
  return {
    id: checkout.id,
    created_at: checkout.createdAt.toISOString(),
    modified_at: checkout.modifiedAt?.toISOString() ?? null,
    custom_field_data: checkout.customFieldData,
    payment_processor: 'stripe',
    status: checkout.status,
    client_secret: checkout.clientSecret,
    url: `${deps.publicUrl}/checkout/${checkout.clientSecret}`,
    expires_at: checkout.expiresAt.toISOString(),
    success_url: successUrl,
    return_url: checkout.returnUrl,
    embed_origin: checkout.embedOrigin,
    amount: checkout.amount,
    seats: checkout.seats,
    min_seats: price?.amount_type === 'seat_based' ? price.seat_tiers.minimum_seats : null,
    max_seats: price?.amount_type === 'seat_based' ? price.seat_tiers.maximum_seats : null,
    units: null,
    min_units: null,
    max_units: null,
    discount_amount: checkout.discountAmount,
    net_amount: checkout.netAmount,
    tax_amount: checkout.taxAmount,
    tax_behavior: checkout.taxBehavior,
    total_amount: checkout.totalAmount,
    currency: checkout.currency,
    allow_trial: checkout.allowTrial,
    active_trial_interval: trial?.interval ?? null,
    active_trial_interval_count: trial?.count ?? null,
    trial_end: checkout.trialEnd?.toISOString() ?? null,
    organization_id: checkout.organizationId,
    product_id: checkout.productId,
    product_price_id: checkout.productPriceId,
    discount_id: checkout.discountId,
    allow_discount_codes: checkout.allowDiscountCodes,
    require_billing_address: checkout.requireBillingAddress,
    ...flags,
    is_payment_required: checkout.totalAmount > 0,
    is_payment_form_required: checkout.totalAmount > 0 || flags.is_payment_setup_required,
    customer_id: checkout.customerId,
    is_business_customer: checkout.isBusinessCustomer,
    customer_name: checkout.customerName,
    customer_email: checkout.customerEmail,
    customer_ip_address: checkout.customerIpAddress,
    customer_billing_name: checkout.customerBillingName,
    customer_billing_address: checkout.customerBillingAddress,
    customer_tax_id: checkout.customerTaxId,
    locale: checkout.locale,
    payment_method_type: checkout.paymentMethodType,
    payment_processor_metadata: {},
    billing_address_fields: billingAddressFields(
      checkout.customerBillingAddress?.country,
      checkout.requireBillingAddress || checkout.isBusinessCustomer,
    ),
    trial_interval: (checkout.trialInterval as CheckoutOutput['trial_interval']) ?? null,
    trial_interval_count: checkout.trialIntervalCount,
    metadata: checkout.metadata,
    external_customer_id: checkout.externalCustomerId,
    products,
    product,
    product_price: price,
    prices: Object.fromEntries(products.map((p) => [p.id, p.prices])),
    discount: checkout.discountId
      ? await deps.discounts.output(em, checkout.organizationId, checkout.discountId)
      : null,
    subscription_id: checkout.subscriptionId,
    attached_custom_fields: attachedFields,
    customer_metadata: checkout.customerMetadata as CheckoutOutput['customer_metadata'],
    payment_error: checkout.paymentError,
  };
}
