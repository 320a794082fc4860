// The organization as the customer portal shows it to its customers, with its portal settings.
import { z } from 'zod';
import { CheckoutOrganization } from './checkout-organization';

export const OrganizationCustomerPortalSettings = z
  .object({
    usage: z.object({ show: z.boolean() }),
    subscription: z.object({ update_seats: z.boolean(), update_plan: z.boolean(), pause: z.boolean() }),
  })
  .meta({ id: 'OrganizationCustomerPortalSettings' });

export const CustomerOrganization = CheckoutOrganization.extend({
  proration_behavior: z.enum(['invoice', 'prorate', 'next_period', 'reset']),
  customer_portal_settings: OrganizationCustomerPortalSettings,
  organization_features: z.object({ member_model_enabled: z.boolean(), checkout_localization_enabled: z.boolean() }),
}).meta({ id: 'CustomerOrganization' });
export type CustomerOrganization = z.infer<typeof CustomerOrganization>;
