// What every legacy checkout shape adds back: the deprecated amounts and the billing address fields' flags.
import { z } from 'zod';
import { pricePerSeat, type SeatTiers } from '../../../kernel/money';
import type { Json, SchemaChange } from '../../version-change';

const FIELDS = ['country', 'state', 'city', 'postal_code', 'line1', 'line2'] as const;

/** What every legacy checkout shape adds back, all derived from the dated one. */
export const legacyCheckout = {
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
