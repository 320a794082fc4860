// What one seat of a seat-based price costs at a count: shown beside the seats field and in the summary.
import type { ProductPrice } from '../../../contracts/price';
import { pricePerSeat } from '../../../kernel/money';

export function pricePerSeatOf(price: ProductPrice | null, seats: number | null): number | null {
  return price?.amount_type === 'seat_based' && seats
    ? pricePerSeat(price.seat_tiers.tiers, seats, price.seat_tiers.seat_tier_type)
    : null;
}
