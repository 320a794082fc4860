// A checkout session as the merchant reads it.
import { z } from 'zod';
import { TrialInterval } from './catalog-common';
import { CheckoutStatus, CustomFieldData, CustomerMetadata } from './checkout-fields';
import { CheckoutProduct } from './checkout-product';
import { Timestamp, Uuid } from './common';
import { AttachedCustomField } from './attached-custom-field';
import { Address } from './address';
import { Discount } from './discount';
import { MetadataOutput } from './metadata';
import { ProductPrice } from './price';

const FieldMode = z.enum(['required', 'optional', 'disabled']);

export const Checkout = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    custom_field_data: CustomFieldData,
    payment_processor: z.literal('stripe'),
    status: CheckoutStatus,
    client_secret: z.string(),
    url: z.string(),
    expires_at: Timestamp,
    success_url: z.string(),
    return_url: z.string().nullable(),
    embed_origin: z.string().nullable(),
    amount: z.int32(),
    seats: z.int32().nullable(),
    /** The seat-based price's bounds on seats; null for other prices. */
    min_seats: z.int32().nullable(),
    max_seats: z.int32().nullable(),
    /** Units and their bounds for a unit-based price; Bursar has no unit-based prices yet, so always null. */
    units: z.int32().nullable(),
    min_units: z.int32().nullable(),
    max_units: z.int32().nullable(),
    discount_amount: z.int32(),
    net_amount: z.int32(),
    tax_amount: z.int32().nullable(),
    tax_behavior: z.enum(['inclusive', 'exclusive']).nullable(),
    total_amount: z.int32(),
    currency: z.string(),
    allow_trial: z.boolean().nullable(),
    active_trial_interval: TrialInterval.nullable(),
    active_trial_interval_count: z.int32().nullable(),
    trial_end: Timestamp.nullable(),
    organization_id: Uuid,
    product_id: Uuid.nullable(),
    product_price_id: Uuid.nullable(),
    discount_id: Uuid.nullable(),
    allow_discount_codes: z.boolean(),
    require_billing_address: z.boolean(),
    is_discount_applicable: z.boolean(),
    is_free_product_price: z.boolean(),
    is_payment_required: z.boolean(),
    is_payment_setup_required: z.boolean(),
    is_payment_form_required: z.boolean(),
    customer_id: Uuid.nullable(),
    is_business_customer: z.boolean(),
    customer_name: z.string().nullable(),
    customer_email: z.string().nullable(),
    customer_ip_address: z.string().nullable(),
    customer_billing_name: z.string().nullable(),
    customer_billing_address: Address.nullable(),
    customer_tax_id: z.string().nullable(),
    locale: z.string().nullable(),
    /** The kind of payment method the customer confirmed with (`card`); null before a payment method is given. */
    payment_method_type: z.string().nullable(),
    payment_processor_metadata: z.record(z.string(), z.string()),
    billing_address_fields: z.object({
      country: FieldMode,
      state: FieldMode,
      city: FieldMode,
      postal_code: FieldMode,
      line1: FieldMode,
      line2: FieldMode,
    }),
    trial_interval: TrialInterval.nullable(),
    trial_interval_count: z.int32().nullable(),
    metadata: MetadataOutput,
    external_customer_id: z.string().nullable(),
    products: z.array(CheckoutProduct),
    product: CheckoutProduct.nullable(),
    product_price: ProductPrice.nullable(),
    prices: z.record(z.string(), z.array(ProductPrice)).nullable(),
    discount: Discount.nullable(),
    subscription_id: Uuid.nullable(),
    attached_custom_fields: z.array(AttachedCustomField).nullable(),
    customer_metadata: CustomerMetadata,
    /** Why the last payment attempt failed, for the client to show (Bursar addition). */
    payment_error: z.string().nullable(),
  })
  .meta({ id: 'Checkout' });
export type Checkout = z.infer<typeof Checkout>;
