// A price as a create or an update of a product asks for it, before it is checked and stored.
export interface PriceDraft {
  amount_type: 'fixed' | 'free' | 'custom' | 'metered_unit' | 'metered_tiers' | 'seat_based';
  price_currency: string;
  price_amount?: number;
  minimum_amount?: number;
  maximum_amount?: number | null;
  preset_amount?: number | null;
  unit_amount?: number | string;
  cap_amount?: number | null;
  meter_id?: string;
  seat_tiers?: {
    seat_tier_type: string;
    tiers: { min_seats: number; max_seats?: number | null; price_per_seat: number; flat_amount?: number | null }[];
  };
  tiers?: { type: string; tiers: { bound?: number | null; unit_amount: number | string }[] };
  package?: { size: number; rounding: string } | null;
}
