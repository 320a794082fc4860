// The lines of a renewal's order: the period's charge, metered usage, carried prorations and credit; discounts by the
// discount domain's rules.
import { discountAmount, type DiscountRule } from '../discount/discount.logic';
import { meteredLines, type MeteredUsage } from './metered-line.logic';
import type { RenewalLine } from './order-line.logic';

/**
 * A renewal's lines: the period's charge, the metered usage of the period that ended (both discountable) and any
 * prorations carried from changes. A credit larger than everything else is carried to the next renewal rather than
 * paid out. `recurringAmount` is the period's charge after discount, what the subscription shows as its amount.
 */
export function renewalLines(input: {
  productName: string;
  priceId: string;
  priceAmount: number;
  period: { start: Date; end: Date };
  discount: DiscountRule | null;
  currency: string;
  carried: readonly { label: string; amount: number; priceId: string | null }[];
  metered?: readonly MeteredUsage[];
}): { lines: RenewalLine[]; discountAmount: number; carryForward: number; recurringAmount: number } {
  const metered = (input.metered ?? []).flatMap((usage) => meteredLines(usage, input.currency));
  const lines: RenewalLine[] = [
    {
      label: `${input.productName} — ${periodLabel(input.period.start, input.period.end)}`,
      amount: input.priceAmount,
      priceId: input.priceId,
      proration: false,
    },
    ...metered,
    ...input.carried.map((item) => ({ ...item, proration: true })),
  ];
  const discountable = lines.filter((line) => !line.proration).reduce((sum, line) => sum + line.amount, 0);
  const discount = discountAmount(input.discount, discountable, input.currency);
  const recurringAmount = input.priceAmount - discountAmount(input.discount, input.priceAmount, input.currency);
  const net = lines.reduce((sum, line) => sum + line.amount, 0) - discount;
  if (net >= 0) return { lines, discountAmount: discount, carryForward: 0, recurringAmount };
  lines.push({ label: 'Credit carried to the next renewal', amount: -net, priceId: null, proration: true });
  return { lines, discountAmount: discount, carryForward: net, recurringAmount };
}

export function periodLabel(start: Date, end: Date): string {
  return `From ${start.toISOString().slice(0, 10)} to ${end.toISOString().slice(0, 10)}`;
}
