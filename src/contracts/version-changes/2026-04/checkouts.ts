// Checkouts between legacy and 2026-04: the deprecated amounts and names, and the organization's public details.
import { z } from 'zod';
import { pricePerSeat, type SeatTiers } from '../../../kernel/money';
import type { Json, SchemaChange } from '../../version-change';

const FIELDS = ['country', 'state', 'city', 'postal_code', 'line1', 'line2'] as const;

/** What every legacy checkout shape adds back, all derived from the dated one. */
const legacyCheckout = {
  added: ['min_seats', 'max_seats', 'units', 'min_units', 'max_units', 'payment_method_type'],
  removed: {
    subtotal_amount: z.int32(),
    price_per_seat: z.int32().nullable(),
    customer_billing_address_fields: z.object(Object.fromEntries(FIELDS.map((field) => [field, z.boolean()]))),
  },
  restore(checkout: Json) {
    checkout.subtotal_amount = checkout.net_amount;
    checkout.price_per_seat = checkoutPricePerSeat(
      checkout.product_price as Json | null,
      checkout.seats as number | null,
    );
    // The legacy form's flags say which address fields are required.
    const modes = checkout.billing_address_fields as Record<string, string>;
    checkout.customer_billing_address_fields = Object.fromEntries(
      FIELDS.map((field) => [field, modes[field] === 'required']),
    );
  },
} satisfies SchemaChange;

/** The seat-based price of the seats, per seat; null for other prices. */
function checkoutPricePerSeat(price: Json | null, seats: number | null): number | null {
  if (price?.amount_type !== 'seat_based' || !seats) return null;
  const { tiers, seat_tier_type } = price.seat_tiers as SeatTiers;
  return pricePerSeat(tiers, seats, seat_tier_type);
}

const publicCheckout: SchemaChange = {
  ...legacyCheckout,
  removed: { ...legacyCheckout.removed, customer_external_id: z.string().nullable() },
  carried: ['customer_external_id'], // the public shape has no other name for it
};

const PUBLIC_ORGANIZATION_FIELDS = [
  'email',
  'website',
  'socials',
  'details_submitted_at',
  'feature_settings',
  'subscription_settings',
];

/** The organization's public details only the 0.32 client reads; carried by the render (they are not derivable). */
const publicOrganization: SchemaChange = {
  carried: PUBLIC_ORGANIZATION_FIELDS,
  removed: {
    email: z.string().nullable(),
    website: z.string().nullable(),
    socials: z.array(z.object({ platform: z.string(), url: z.string() })),
    details_submitted_at: z.string().nullable(),
    feature_settings: z.null(),
    subscription_settings: z.object({
      allow_multiple_subscriptions: z.boolean(),
      allow_customer_updates: z.boolean(),
      proration_behavior: z.string(),
    }),
  },
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
