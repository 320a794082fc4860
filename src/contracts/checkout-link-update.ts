// What a checkout link is changed with: its products and its settings.
import { z } from 'zod';
import { checkoutLinkSettings as settings } from './checkout-link-create';
import { Uuid } from './common';
import { MetadataInput } from './metadata';

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
