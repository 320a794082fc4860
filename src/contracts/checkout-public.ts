// A checkout session as its buyer reads it through the client secret, once open and once confirmed.
import { z } from 'zod';
import { Checkout } from './checkout';
import { CheckoutOrganization } from './checkout-organization';

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
export const ClientSecretParams = z.object({ client_secret: z.string().min(10).max(128) });
