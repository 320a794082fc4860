// What a checkout link is created with: its products (in one of the reference's three ways) and its settings.
import { z } from 'zod';
import { IntervalCount, TrialInterval } from './catalog-common';
import { Url, Uuid } from './common';
import { MetadataInput } from './metadata';

export const checkoutLinkSettings = {
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
    ...checkoutLinkSettings,
  })
  .refine((body) => body.products || body.product_id || body.product_price_id, {
    message: 'Give products, product_id or product_price_id',
    path: ['products'],
  })
  .meta({ id: 'CheckoutLinkCreate' });
export type CheckoutLinkCreate = z.infer<typeof CheckoutLinkCreate>;
