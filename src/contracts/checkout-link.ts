// Checkout links: a shareable URL that opens a fresh checkout session for the listed products on every visit.
import { z } from 'zod';
import { IntervalCount, TrialInterval } from './catalog-common';
import { MAX_AMOUNT } from '../kernel/money';
import { truncate } from '../kernel/text';
import { ListResource } from './list-resource';
import { MetadataInput, MetadataOutput } from './metadata';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';
import { Timestamp, Url, Uuid } from './common';
import { CheckoutProduct } from './checkout-product';

/** A link's product, as its merchant reads it: the checkout's product with the product's metadata. */
export const CheckoutLinkProduct = CheckoutProduct.extend({ metadata: MetadataOutput }).meta({
  id: 'CheckoutLinkProduct',
});
import { Discount } from './discount';

const settings = {
  label: z.string().max(255).nullish(),
  allow_discount_codes: z.boolean().default(true),
  require_billing_address: z.boolean().default(false),
  discount_id: Uuid.nullish(),
  seats: z.int32().min(1).nullish(),
  success_url: Url().max(2048).nullish(),
  return_url: Url().max(2048).nullish(),
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
  .refine((body) => body.products || body.product_id || body.product_price_id, {
    message: 'Give products, product_id or product_price_id',
    path: ['products'],
  })
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
    trial_interval_count: z.int32().nullable(),
    metadata: MetadataOutput,
    payment_processor: z.literal('stripe'),
    client_secret: z.string(),
    success_url: z.string().nullable(),
    return_url: z.string().nullable(),
    label: z.string().nullable(),
    allow_discount_codes: z.boolean(),
    require_billing_address: z.boolean(),
    discount_id: Uuid.nullable(),
    seats: z.int32().nullable(),
    /** Units of a unit-based price; Bursar has no unit-based prices yet, so always null. */
    units: z.int32().nullable(),
    organization_id: Uuid,
    products: z.array(CheckoutLinkProduct),
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

/** A prefill from a shared link's URL: a value that does not validate is dropped, so the link still opens. */
const prefill = <T extends z.ZodType<unknown, string>>(schema: T) => queryOne(schema.optional()).catch(undefined);
const truncated = (max: number) => z.string().transform((value) => truncate(value, max));

const LINK_METADATA_KEYS = [
  'reference_id',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;
const CUSTOM_FIELD_PREFIX = 'custom_field_data.';

/**
 * The query of a link's redirect: `product_id` preselects, `amount`, `customer_email`, `customer_name`,
 * `discount_code` and `custom_field_data.<slug>` prefill, `reference_id` and `utm_*` go to the session's metadata.
 */
export const CheckoutLinkRedirectQuery = z
  .object({
    product_id: prefill(Uuid),
    amount: prefill(
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number)
        .pipe(z.int32().max(MAX_AMOUNT)),
    ),
    customer_email: prefill(z.email().max(320)),
    customer_name: prefill(truncated(255)),
    discount_code: prefill(z.string().max(256)),
    ...Object.fromEntries(LINK_METADATA_KEYS.map((key) => [key, prefill(truncated(500))])),
  })
  .catchall(z.unknown())
  .transform((query) => {
    const known = query as Record<string, unknown>;
    const metadata = Object.fromEntries(
      LINK_METADATA_KEYS.flatMap((key) => (known[key] ? [[key, known[key] as string]] : [])),
    );
    const customFieldData = Object.fromEntries(
      Object.entries(known).flatMap(([key, values]) =>
        key.startsWith(CUSTOM_FIELD_PREFIX) && Array.isArray(values)
          ? [[key.slice(CUSTOM_FIELD_PREFIX.length), truncate(String(values.at(-1)), 1000)]]
          : [],
      ),
    );
    return {
      product_id: query.product_id,
      amount: query.amount,
      customer_email: query.customer_email,
      customer_name: query.customer_name,
      discount_code: query.discount_code,
      metadata,
      custom_field_data: customFieldData,
    };
  });
export type CheckoutLinkRedirectQuery = z.output<typeof CheckoutLinkRedirectQuery>;
