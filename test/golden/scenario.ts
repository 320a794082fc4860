// What one cell of the golden grid is, as data: the catalog, the buyer, and the timeline of what happens, with every
// time written out. The runner plays a scenario through the HTTP API; the calculator (test/golden/calculator) works
// out from the same data, and from the README's rules alone, what the engine must have billed.

export type Currency = 'usd' | 'eur' | 'jpy';
export type IntervalUnit = 'day' | 'week' | 'month' | 'year';
export interface Interval {
  unit: IntervalUnit;
  count: number;
}

export interface SeatTier {
  min_seats: number;
  max_seats: number | null;
  price_per_seat: number;
  flat_amount?: number;
}
export interface UsageTier {
  bound: number | null;
  unit_amount: string;
}

/** One product's price, in the scenario's currency (minor units; metered rates are decimal strings of minor units). */
export type PriceSpec =
  | { model: 'fixed'; amount: number }
  | { model: 'free' }
  /** Pay what you want: the buyer pays `amount` (between the price's minimum and maximum). */
  | { model: 'custom'; minimum: number; amount: number }
  | { model: 'seat_based'; tierType: 'volume' | 'graduated'; tiers: SeatTier[] }
  /** Metered prices come on a product with a fixed price `base` beside them (the product's static price). */
  | { model: 'metered_unit'; base: number; unitAmount: string; cap?: number }
  | {
      model: 'metered_tiers';
      base: number;
      tierType: 'volume' | 'graduated';
      tiers: UsageTier[];
      package?: { size: number; rounding: 'up' | 'down' };
      cap?: number;
    };

export interface Discount {
  type: 'fixed' | 'percentage';
  /** fixed: minor units of the scenario's currency; percentage: basis points. */
  amount?: number;
  basisPoints?: number;
  duration: 'once' | 'forever' | 'repeating';
  /** repeating: how many calendar months it lasts. */
  months?: number;
}

/** The buyer's billing address, and the tax id of a business, as the checkout is given them. The seller is the US. */
export interface Buyer {
  country: string;
  state?: string;
  postalCode?: string;
  line1?: string;
  city?: string;
  taxId?: string;
}

/** What happens, at `at` (ISO, UTC, on the scenario's test clock). Actions are in time order. */
export type Action =
  /** A new product (same interval) with this price, changed to with this proration behaviour. */
  | { at: string; kind: 'change_product'; price: PriceSpec; proration: 'prorate' | 'invoice' | 'next_period' }
  | { at: string; kind: 'change_seats'; seats: number; proration: 'prorate' | 'invoice' | 'next_period' }
  /** Pause now (`pause_now`), resuming by itself on `resumesAt`. */
  | { at: string; kind: 'pause_now'; resumesAt: string }
  | { at: string; kind: 'cancel_at_period_end' }
  | { at: string; kind: 'revoke' }
  /** From now on the saved card declines (insufficient funds) or is approved again. */
  | { at: string; kind: 'card'; declines: boolean }
  /** A refund of the n-th order (0: the first): `partial` is ⌊net × 2 / 5⌋ before tax, `full` all that is refundable. */
  | { at: string; kind: 'refund'; order: number; part: 'partial' | 'full' }
  /** Usage reported to the subscription's meter (metered prices), `units` summed. */
  | { at: string; kind: 'usage'; units: number };

export interface Scenario {
  /** The cell's id, e.g. `pricing/metered_volume/month1/none/none/eu_consumer/jpy/renew3`. */
  id: string;
  currency: Currency;
  price: PriceSpec;
  /** null: a one-time product. */
  interval: Interval | null;
  trial: Interval | null;
  discount: Discount | null;
  buyer: Buyer;
  /** Seats bought (seat-based prices). */
  seats?: number;
  /** The test clock's time at the checkout. */
  start: string;
  actions: Action[];
  /** The clock is advanced to here at the end. */
  until: string;
}

export interface Line {
  amount: number;
  proration: boolean;
}

/** A line as an order shows it: with its share of the order's tax. */
export interface OrderLine extends Line {
  tax_amount: number;
}

export interface Order {
  /** `subscription_meter_cycle`: the final usage of a subscription ending at its period's end (README "Customer meters"). */
  billing_reason:
    'purchase' | 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'subscription_meter_cycle';
  status: 'paid' | 'pending' | 'void' | 'refunded' | 'partially_refunded';
  /** Sorted by amount, proration and tax (the engine's line order is not part of the contract). */
  lines: OrderLine[];
  subtotal_amount: number;
  discount_amount: number;
  net_amount: number;
  tax_amount: number;
  total_amount: number;
  refunded_amount: number;
  refunded_tax_amount: number;
}

export interface Refund {
  /** Index of the refunded order in `orders`. */
  order: number;
  amount: number;
  tax_amount: number;
}

export interface Expected {
  /** Every order of the customer, oldest first. */
  orders: Order[];
  /** Every refund (each is a credit note), oldest first. */
  refunds: Refund[];
  /** The subscription at `until` (null for a one-time product). */
  subscription: {
    status: 'trialing' | 'active' | 'past_due' | 'paused' | 'canceled';
    /** The recurring amount after discount, as the subscription reports it (`amount`) — 0 for metered-only. */
    amount: number;
    /** Its monthly recurring revenue at `until`, in minor units (README "Metrics"). */
    mrr: number;
  } | null;
}
