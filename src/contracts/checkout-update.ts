// Changes to a checkout session: by the customer through the client secret, on confirming, and by the merchant.
import { z } from 'zod';
import { Currency } from './catalog-common';
import { CustomFieldData, CustomerMetadata, customerFields } from './checkout-fields';
import { Url, Uuid } from './common';
import { MetadataInput } from './metadata';

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
  currency: Currency.nullish(),
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
