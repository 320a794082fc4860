// The lines of a renewal's order: the period's charge, metered usage, carried prorations and credit; discounts by the
// discount domain's rules.
import { formatAmount } from '../../kernel/money';
import { seatTierParts, type SeatTier, type SeatTierLine, type SeatTierType } from '../../kernel/seat-tiers';
import { discountAmount, type DiscountRule } from '../discount/discount.logic';
import { meteredLines, type MeteredUsage } from './metered-line.logic';
import type { RenewalLine } from './order-line.logic';

/**
 * A renewal's lines: the period's charge, the metered usage of the period that ended (both discountable, as is usage a
 * plan change left behind) and any prorations carried from changes. A credit larger than everything else is carried
 * to the next renewal rather than paid out. `recurringAmount` is the period's charge after discount, what the subscription shows as its amount.
 */
export function renewalLines(input: {
  productName: string;
  priceId: string;
  priceAmount: number;
  period: { start: Date; end: Date };
  discount: DiscountRule | null;
  currency: string;
  carried: readonly { label: string; amount: number; priceId: string | null; proration?: boolean }[];
  metered?: readonly MeteredUsage[];
  /** The seats of a seat price and its tiers: the period's charge shows a line per tier when it has several parts. */
  seats?: { count: number; tiers: readonly SeatTier[]; type: SeatTierType } | null;
}): { lines: RenewalLine[]; discountAmount: number; carryForward: number; recurringAmount: number } {
  const metered = (input.metered ?? []).flatMap((usage) => meteredLines(usage, input.currency));
  const lines: RenewalLine[] = [
    ...periodLines(input),
    ...metered,
    ...input.carried.map((item) => ({ ...item, proration: item.proration ?? true })),
  ];
  const discountable = lines.filter((line) => !line.proration).reduce((sum, line) => sum + line.amount, 0);
  const discount = discountAmount(input.discount, discountable, input.currency);
  const recurringAmount = input.priceAmount - discountAmount(input.discount, input.priceAmount, input.currency);
  const net = lines.reduce((sum, line) => sum + line.amount, 0) - discount;
  if (net >= 0) return { lines, discountAmount: discount, carryForward: 0, recurringAmount };
  lines.push({ label: 'Credit carried to the next renewal', amount: -net, priceId: null, proration: true });
  return { lines, discountAmount: discount, carryForward: net, recurringAmount };
}

/**
 * The period's charge: one line, or for seats rated in several parts (more than one tier reached, or a tier's flat
 * fee) one line per tier with its seats, rate and fee, as long as they add up to the subscription's price amount.
 */
function periodLines(input: Parameters<typeof renewalLines>[0]): RenewalLine[] {
  const label = `${input.productName} — ${periodLabel(input.period.start, input.period.end)}`;
  const line = (text: string, amount: number) => ({ label: text, amount, priceId: input.priceId, proration: false });
  const seats = input.seats;
  const parts = seats && seatTierParts(seats.tiers, seats.count, seats.type, input.priceAmount);
  if (!parts) return [line(label, input.priceAmount)];
  return parts.map((p) => line(`${label}, ${seatTierLabel(seats.tiers, p, input.currency)}`, p.amount));
}

/** A seat price's tier line as a label: `tier 2 (seats 4 to 10): 3 seats × USD 8.00 + USD 5.00 flat`. */
export function seatTierLabel(tiers: readonly SeatTier[], part: SeatTierLine, currency: string): string {
  const money = (amount: number) => formatAmount(amount, currency);
  const tier = tiers[part.tier - 1];
  const range = tier.max_seats === null ? `${tier.min_seats} and up` : `${tier.min_seats} to ${tier.max_seats}`;
  const fee = part.flat_amount ? ` + ${money(part.flat_amount)} flat` : '';
  return `tier ${part.tier} (seats ${range}): ${part.seats} seats × ${money(part.price_per_seat)}${fee}`;
}

export function periodLabel(start: Date, end: Date): string {
  return `From ${start.toISOString().slice(0, 10)} to ${end.toISOString().slice(0, 10)}`;
}
