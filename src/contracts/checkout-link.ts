// Checkout links: a shareable URL that opens a fresh checkout session for the listed products on every visit.
import { z } from 'zod';
import { TrialInterval } from './catalog-common';
import { CheckoutProduct } from './checkout-product';
import { Timestamp, Uuid } from './common';
import { Discount } from './discount';
import { ListResource } from './list-resource';
import { MetadataOutput } from './metadata';

/** A link's product, as its merchant reads it: the checkout's product with the product's metadata. */
export const CheckoutLinkProduct = CheckoutProduct.extend({ metadata: MetadataOutput }).meta({
  id: 'CheckoutLinkProduct',
});

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
