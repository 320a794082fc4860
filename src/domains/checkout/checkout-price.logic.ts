// What a checkout's price asks of the buyer: its upfront amount from the buyer's amount or seats, or the issue with
// them. Pure.
import { minPriceAmount } from '../../kernel/currency';
import type { ValidationIssue } from '../../kernel/errors';
import { isValidPriceAmount, MAX_AMOUNT, seatsPurchase, type SeatTier, type SeatTierType } from '../../kernel/money';
import type { DiscountRule } from '../discount/discount.logic';

export type CheckoutPrice =
  | { amount_type: 'fixed'; price_amount: number }
  | {
      amount_type: 'custom';
      price_currency: string;
      minimum_amount: number;
      maximum_amount: number | null;
      preset_amount: number | null;
    }
  | {
      amount_type: 'seat_based';
      seat_tiers: {
        seat_tier_type: SeatTierType;
        tiers: SeatTier[];
        minimum_seats: number;
        maximum_seats: number | null;
      };
    }
  | { amount_type: 'metered_unit' | 'metered_tiers' };

export interface CheckoutDiscount extends DiscountRule {
  duration: 'once' | 'forever' | 'repeating';
}

/** What a price contributes upfront, or the issue with the buyer's input (`amount`, `seats`). */
export function upfrontAmount(
  price: CheckoutPrice,
  input: { amount?: number | null; seats?: number | null },
): { amount: number; seats: number | null } | ValidationIssue {
  switch (price.amount_type) {
    case 'fixed':
      return { amount: price.price_amount, seats: null };
    case 'metered_unit':
    case 'metered_tiers':
      return { amount: 0, seats: null };
    case 'custom': {
      const amount = input.amount ?? price.preset_amount ?? price.minimum_amount;
      const problem =
        amount < price.minimum_amount
          ? `Amount must be at least ${price.minimum_amount}`
          : price.maximum_amount !== null && amount > price.maximum_amount
            ? `Amount must be at most ${price.maximum_amount}`
            : !isValidPriceAmount(amount, price.price_currency)
              ? `Amount must be 0 or between ${minPriceAmount(price.price_currency)} and ${MAX_AMOUNT}`
              : null;
      return problem ? { loc: ['body', 'amount'], msg: problem, type: 'value_error' } : { amount, seats: null };
    }
    case 'seat_based': {
      const seats = input.seats ?? price.seat_tiers.minimum_seats;
      const purchase = seatsPurchase(price.seat_tiers, seats);
      return 'issue' in purchase
        ? { loc: ['body', 'seats'], msg: purchase.issue, type: 'value_error' }
        : { amount: purchase.amount, seats };
    }
  }
}

/** What is wrong with the buyer's amount or seats for this price, or null. */
export function buyerIssue(
  price: CheckoutPrice,
  buyer: { amount: number | null; seats: number | null },
): ValidationIssue | null {
  const upfront = upfrontAmount(price, buyer);
  if ('loc' in upfront) return upfront;
  if (buyer.seats !== null && price.amount_type !== 'seat_based')
    return { loc: ['body', 'seats'], msg: 'Seats apply only to seat-based prices.', type: 'value_error' };
  return null;
}
