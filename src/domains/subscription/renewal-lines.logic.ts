// The lines of a subscription's orders: a renewal's (the period's charge, metered usage, carried prorations and
// credit), the final usage of one that ends, and which metered prices bill; discounts by the discount domain's rules.
import { discountAmount, type DiscountRule } from '../discount/discount.logic';
import { billableUnits, formatAmount, formatUnitAmount, MAX_AMOUNT, unitsAmount } from '../../kernel/money';

export interface RenewalLine {
  label: string;
  amount: number;
  priceId: string | null;
  proration: boolean;
}

/** A metered price's usage over a period: units consumed (a decimal string) and credited on its meter. */
export interface MeteredUsage {
  priceId: string;
  meterName: string;
  consumed: string;
  credited: number;
  unitAmount: string;
  capAmount: number | null;
}

/**
 * A metered price's line: the units consumed beyond the credited ones × the unit amount, rounded once (half-up), then
 * capped by the price's cap (and by the most one charge may carry).
 */
export function meteredLine(usage: MeteredUsage, currency: string): RenewalLine {
  const units = billableUnits(usage.consumed, usage.credited);
  const uncapped = unitsAmount(units, usage.unitAmount);
  const cap = Math.min(usage.capAmount ?? MAX_AMOUNT, MAX_AMOUNT);
  const capped = uncapped > cap;
  const label =
    `${usage.meterName} — ${units} units (${usage.consumed} consumed, ${usage.credited} credited) × ${formatUnitAmount(usage.unitAmount, currency)}` +
    (capped ? ` — capped at ${formatAmount(cap, currency)}` : '');
  return { label, amount: capped ? cap : uncapped, priceId: usage.priceId, proration: false };
}

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
  const metered = (input.metered ?? []).map((usage) => meteredLine(usage, input.currency));
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

/**
 * The last period's usage of a subscription that ends at period end: its metered lines, discounted as renewals are.
 * Null when there is nothing to charge (no usage beyond the credits), so no order is written.
 */
export function finalUsageLines(
  metered: readonly MeteredUsage[],
  discount: DiscountRule | null,
  currency: string,
): { lines: RenewalLine[]; discountAmount: number } | null {
  const lines = metered.map((usage) => meteredLine(usage, currency));
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  if (subtotal === 0) return null;
  return { lines, discountAmount: discountAmount(discount, subtotal, currency) };
}

export function periodLabel(start: Date, end: Date): string {
  return `From ${start.toISOString().slice(0, 10)} to ${end.toISOString().slice(0, 10)}`;
}

/** The metered prices a subscription in `currency` bills at each renewal (a price's meter bills even once archived). */
export function meteredPricesIn<P extends { amount_type: string; price_currency: string; is_archived: boolean }>(
  prices: readonly P[],
  currency: string,
): Extract<P, { amount_type: 'metered_unit' }>[] {
  return prices.filter(
    (p): p is Extract<P, { amount_type: 'metered_unit' }> =>
      p.amount_type === 'metered_unit' && p.price_currency === currency && !p.is_archived,
  );
}
