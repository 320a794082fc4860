// Checkouts between legacy and 2026-04: the deprecated amounts and names, and the organization's public details.
import { z } from 'zod';
import type { SchemaChange } from '../../version-change';
import { legacyCheckout } from './legacy-checkout';
import { publicOrganization } from './public-organization';

const publicCheckout: SchemaChange = {
  ...legacyCheckout,
  removed: { ...legacyCheckout.removed, customer_external_id: z.string().nullable() },
  carried: ['customer_external_id'], // the public shape has no other name for it
};

export const CHECKOUT_CHANGES: Record<string, SchemaChange> = {
  Checkout: {
    ...legacyCheckout,
    removed: { ...legacyCheckout.removed, customer_external_id: z.string().nullable() },
    restore(checkout) {
      legacyCheckout.restore(checkout);
      checkout.customer_external_id = checkout.external_customer_id;
    },
  },
  CheckoutPublic: publicCheckout,
  CheckoutPublicConfirmed: publicCheckout,
  CheckoutOrganization: publicOrganization,
  CustomerOrganization: publicOrganization,
  BenefitSubscriberOrganization: publicOrganization,
};
