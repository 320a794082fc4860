// How a metered price bills: its usage over a period becomes one line (beyond the credits, rounded once, capped), and
// which of a product's prices are the metered ones a subscription bills.
import { billableUnits, formatAmount, formatUnitAmount, MAX_AMOUNT, unitsAmount } from '../../kernel/money';
import type { RenewalLine } from './order-line.logic';

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
