// Checkout links: a shareable URL that opens a fresh checkout session for the listed products on every visit.
import { z } from 'zod';
import { IntervalCount, TrialInterval } from './catalog-common';
import { ListResource, MetadataInput, MetadataOutput, PageQuery, Timestamp, Uuid, queryMany, sortingQuery } from './common';
import { CheckoutProduct } from './checkout';
import { Discount } from './discount';

const settings = {
  label: z.string().max(255).nullish(),
  allow_discount_codes: z.boolean().default(true),
  require_billing_address: z.boolean().default(false),
  discount_id: Uuid.nullish(),
  seats: z.int().min(1).nullish(),
  success_url: z.url().max(2048).nullish(),
  return_url: z.url().max(2048).nullish(),
  trial_interval: TrialInterval.nullish(),
  trial_interval_count: IntervalCount.nullish(),
  metadata: MetadataInput.default({}),
  organization_id: Uuid.nullish(),
};

/** One body for the reference's three (`products`, `product_id` or `product_price_id`); at least one must be given. */
export const CheckoutLinkCreate = z
  .object({
    payment_processor: z.literal('stripe'),
    products: z.array(Uuid).min(1).max(20).optional(),
    product_id: Uuid.optional(),
    product_price_id: Uuid.optional(),
    ...settings,
  })
  .refine((body) => body.products || body.product_id || body.product_price_id, { message: 'Give products, product_id or product_price_id', path: ['products'] })
  .meta({ id: 'CheckoutLinkCreate' });
export type CheckoutLinkCreate = z.infer<typeof CheckoutLinkCreate>;

export const CheckoutLinkUpdate = z
  .object({
    products: z.array(Uuid).min(1).max(20).nullish(),
    label: settings.label,
    allow_discount_codes: z.boolean().nullish(),
    require_billing_address: z.boolean().nullish(),
    discount_id: settings.discount_id,
    seats: settings.seats,
    success_url: settings.success_url,
    return_url: settings.return_url,
    trial_interval: settings.trial_interval,
    trial_interval_count: settings.trial_interval_count,
    metadata: MetadataInput.optional(),
  })
  .meta({ id: 'CheckoutLinkUpdate' });
export type CheckoutLinkUpdate = z.infer<typeof CheckoutLinkUpdate>;

export const CheckoutLink = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    trial_interval: TrialInterval.nullable(),
    trial_interval_count: z.int().nullable(),
    metadata: MetadataOutput,
    payment_processor: z.literal('stripe'),
    client_secret: z.string(),
    success_url: z.string().nullable(),
    return_url: z.string().nullable(),
    label: z.string().nullable(),
    allow_discount_codes: z.boolean(),
    require_billing_address: z.boolean(),
    discount_id: Uuid.nullable(),
    seats: z.int().nullable(),
    organization_id: Uuid,
    products: z.array(CheckoutProduct),
    discount: Discount.nullable(),
    url: z.string(),
  })
  .meta({ id: 'CheckoutLink' });
export type CheckoutLink = z.infer<typeof CheckoutLink>;

export const CheckoutLinkList = ListResource(CheckoutLink).meta({ id: 'ListResource_CheckoutLink_' });
export const CheckoutLinkListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  product_id: queryMany(Uuid),
  sorting: sortingQuery(['created_at', 'label'] as const, ['-created_at']),
});
export type CheckoutLinkListQuery = z.infer<typeof CheckoutLinkListQuery>;
