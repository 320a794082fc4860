// Checkout sessions: created by the merchant, completed by the customer through the client-secret endpoints.
import { z } from 'zod';
import { Benefit } from './benefit';
import { Currency, IntervalCount, TrialInterval } from './catalog-common';
import { ListResource } from './list-resource';
import { boundedRecord, MetadataInput, MetadataOutput } from './metadata';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';
import { Timestamp, Url, Uuid } from './common';
import { Address } from './customer';
import { Discount } from './discount';
import { ProductMediaFileRead } from './file';
import { AttachedCustomField } from './custom-field';
import { ProductPrice } from './price';
import { ProductSummary } from './product';
import { ProrationBehavior } from './subscription';

export const CheckoutStatus = z.enum(['open', 'expired', 'confirmed', 'succeeded', 'failed']);
const CustomFieldData = boundedRecord(
  z.string().max(100),
  z.union([z.string().max(1000), z.int32(), z.boolean(), z.null()]),
  50,
);
const CustomerMetadata = boundedRecord(
  z.string().min(1).max(40),
  z.union([z.string().max(500), z.int32(), z.boolean()]),
  50,
);

const customerFields = {
  is_business_customer: z.boolean().nullish(),
  customer_name: z.string().max(255).nullish(),
  customer_email: z.email().max(320).nullish(),
  customer_billing_name: z.string().max(255).nullish(),
  customer_billing_address: Address.nullish(),
  customer_tax_id: z.string().max(64).nullish(),
  locale: z.string().max(20).nullish(),
};

export const CheckoutCreate = z
  .object({
    products: z.array(Uuid).min(1).max(20),
    currency: Currency.nullish(),
    amount: z.int32().min(0).nullish(),
    seats: z.int32().min(1).nullish(),
    discount_id: Uuid.nullish(),
    allow_discount_codes: z.boolean().default(true),
    require_billing_address: z.boolean().default(false),
    allow_trial: z.boolean().default(true),
    trial_interval: TrialInterval.nullish(),
    trial_interval_count: IntervalCount.nullish(),
    customer_id: Uuid.nullish(),
    external_customer_id: z.string().max(255).nullish(),
    customer_ip_address: z.union([z.ipv4(), z.ipv6()]).nullish(),
    customer_metadata: CustomerMetadata.default({}),
    custom_field_data: CustomFieldData.default({}),
    metadata: MetadataInput.default({}),
    success_url: Url().max(2048).nullish(),
    return_url: Url().max(2048).nullish(),
    embed_origin: Url().max(255).nullish(),
    organization_id: Uuid.nullish(),
    /** Beyond the reference (sandbox only): the test clock the session and its customer follow. */
    test_clock_id: Uuid.nullish(),
    ...customerFields,
  })
  .meta({ id: 'CheckoutCreate' });
export type CheckoutCreate = z.infer<typeof CheckoutCreate>;

/** What the customer may change through the client secret; confirming accepts the same plus the payment token. */
export const CheckoutUpdatePublic = z
  .object({
    product_id: Uuid.nullish(),
    amount: z.int32().min(0).nullish(),
    seats: z.int32().min(1).nullish(),
    discount_code: z.string().max(256).nullish(),
    custom_field_data: CustomFieldData.optional(),
    ...customerFields,
  })
  .meta({ id: 'CheckoutUpdatePublic' });
export type CheckoutUpdatePublic = z.infer<typeof CheckoutUpdatePublic>;

export const CheckoutConfirm = CheckoutUpdatePublic.extend({
  confirmation_token_id: z.string().max(255).nullish(),
}).meta({ id: 'CheckoutConfirmStripe' });
export type CheckoutConfirm = z.infer<typeof CheckoutConfirm>;

export const CheckoutUpdate = CheckoutUpdatePublic.extend({
  discount_id: Uuid.nullish(),
  allow_discount_codes: z.boolean().nullish(),
  require_billing_address: z.boolean().nullish(),
  customer_ip_address: z.union([z.ipv4(), z.ipv6()]).nullish(),
  customer_metadata: CustomerMetadata.optional(),
  metadata: MetadataInput.optional(),
  success_url: Url().max(2048).nullish(),
  return_url: Url().max(2048).nullish(),
  embed_origin: Url().max(255).nullish(),
}).meta({ id: 'CheckoutUpdate' });
export type CheckoutUpdate = z.infer<typeof CheckoutUpdate>;

const FieldMode = z.enum(['required', 'optional', 'disabled']);

/** A product as a checkout shows it to the buyer: none of the merchant's metadata. */
export const CheckoutProduct = ProductSummary.omit({ metadata: true })
  .extend({ prices: z.array(ProductPrice), benefits: z.array(Benefit), medias: z.array(ProductMediaFileRead) })
  .meta({
    id: 'CheckoutProduct',
  });

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
export type CheckoutProduct = z.infer<typeof CheckoutProduct>;
export type Checkout = z.infer<typeof Checkout>;

export const CheckoutOrganization = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    name: z.string(),
    slug: z.string(),
    avatar_url: z.string().nullable(),
    proration_behavior: z.enum(['invoice', 'prorate', 'next_period']),
    allow_customer_updates: z.boolean(),
    /** Legacy only (the 0.32 client requires them; the dated versions do not show them): public contact and settings. */
    email: z.string().nullable(),
    website: z.string().nullable(),
    socials: z.array(z.object({ platform: z.string(), url: z.string() })),
    details_submitted_at: Timestamp.nullable(),
    feature_settings: z.null(),
    subscription_settings: z.object({
      allow_multiple_subscriptions: z.boolean(),
      allow_customer_updates: z.boolean(),
      proration_behavior: ProrationBehavior,
    }),
  })
  .meta({ id: 'CheckoutOrganization' });

export const CheckoutPublic = Checkout.omit({
  trial_interval: true,
  trial_interval_count: true,
  metadata: true,
  external_customer_id: true,
  subscription_id: true,
  customer_metadata: true,
})
  .extend({
    organization: CheckoutOrganization,
    /** Legacy only: the external customer id under its deprecated name (the public shape shows no other). */
    customer_external_id: z.string().nullable(),
  })
  .meta({ id: 'CheckoutPublic' });
export type CheckoutPublic = z.infer<typeof CheckoutPublic>;
export const CheckoutPublicConfirmed = CheckoutPublic.extend({
  status: z.literal('confirmed'),
  customer_session_token: z.string().nullable(),
}).meta({
  id: 'CheckoutPublicConfirmed',
});
export type CheckoutPublicConfirmed = z.infer<typeof CheckoutPublicConfirmed>;

export const CheckoutList = ListResource(Checkout).meta({ id: 'ListResource_Checkout_' });
export const CheckoutListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  product_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  status: queryMany(CheckoutStatus),
  query: queryOne(z.string().max(320).optional()),
  sorting: sortingQuery(['created_at', 'expires_at', 'status'] as const, ['-created_at']),
});
export type CheckoutListQuery = z.infer<typeof CheckoutListQuery>;

export const ClientSecretParams = z.object({ client_secret: z.string().min(10).max(128) });
