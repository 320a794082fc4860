// How a metered price bills: its usage over a period becomes one line at a unit amount (beyond the credits, rounded
// once, capped), or one line per tier reached at tiered prices (kernel/usage-tiers.ts rates them); and which of a
// product's prices are the metered ones a subscription bills.
import { billableUnits, formatAmount, formatUnitAmount, MAX_AMOUNT, unitsAmount } from '../../kernel/money';
import { rateUsage, type UsagePackage, type UsageTiers } from '../../kernel/usage-tiers';
import type { RenewalLine } from './order-line.logic';

/** A metered price's usage over a period: units consumed (a decimal string) and credited on its meter. */
export interface MeteredUsage {
  priceId: string;
  meterName: string;
  consumed: string;
  credited: number;
  /** The unit amount of a `metered_unit` price; a `metered_tiers` price has `tiers` (and maybe a package) instead. */
  unitAmount: string | null;
  capAmount: number | null;
  tiers?: UsageTiers | null;
  package?: UsagePackage | null;
}

type MeteredPrice =
  | { id: string; amount_type: 'metered_unit'; unit_amount: string; cap_amount: number | null }
  | {
      id: string;
      amount_type: 'metered_tiers';
      cap_amount: number | null;
      tiers: UsageTiers;
      package: UsagePackage | null;
    };

/** The usage of `price` (as the API shows it) on its meter. */
export function usageOf(
  price: MeteredPrice,
  meterName: string,
  standing: { consumed: string; credited: number },
): MeteredUsage {
  const tiered = price.amount_type === 'metered_tiers';
  return {
    priceId: price.id,
    meterName,
    ...standing,
    unitAmount: tiered ? null : price.unit_amount,
    capAmount: price.cap_amount ?? null,
    ...(tiered && { tiers: price.tiers, package: price.package }),
  };
}

/**
 * A `metered_unit` price's line: the units consumed beyond the credited ones × the unit amount, rounded once
 * (half-up), then capped by the price's cap (and by the most one charge may carry).
 */
export function meteredLine(usage: MeteredUsage, currency: string): RenewalLine {
  const units = billableUnits(usage.consumed, usage.credited);
  const unitAmount = usage.unitAmount ?? '0';
  const uncapped = unitsAmount(units, unitAmount);
  const cap = Math.min(usage.capAmount ?? MAX_AMOUNT, MAX_AMOUNT);
  const capped = uncapped > cap;
  const label =
    `${usage.meterName} — ${units} units (${usage.consumed} consumed, ${usage.credited} credited) × ${formatUnitAmount(unitAmount, currency)}` +
    (capped ? ` — capped at ${formatAmount(cap, currency)}` : '');
  return { label, amount: capped ? cap : uncapped, priceId: usage.priceId, proration: false };
}

/**
 * A metered price's lines: its one line at a unit amount, or at tiers one line per tier reached (graduated; volume:
 * the tier holding the total) with its quantity and unit amount, and a line taking off what goes beyond the cap.
 */
export function meteredLines(usage: MeteredUsage, currency: string): RenewalLine[] {
  if (!usage.tiers) return [meteredLine(usage, currency)];
  const units = billableUnits(usage.consumed, usage.credited);
  const rating = rateUsage(usage.tiers, units, usage.package ?? null, usage.capAmount);
  const pkg = usage.package;
  const what = pkg ? 'blocks' : 'units';
  const head =
    `${usage.meterName} — ${units} units (${usage.consumed} consumed, ${usage.credited} credited)` +
    (pkg ? ` in ${rating.quantity} blocks of ${pkg.size} (rounded ${pkg.rounding})` : '');
  const line = (label: string, amount: number) => ({ label, amount, priceId: usage.priceId, proration: false });
  const lines = rating.lines.map((l) => {
    const range = l.to === null ? `${l.from} and up` : `${l.from} to ${l.to}`;
    const tier = `${usage.tiers!.type === 'volume' ? 'volume ' : ''}tier ${l.tier} (${what} ${range})`;
    return line(`${head}, ${tier}: ${l.quantity} ${what} × ${formatUnitAmount(l.unit_amount, currency)}`, l.amount);
  });
  if (rating.capped)
    lines.push(
      line(`${usage.meterName} — capped at ${formatAmount(rating.amount, currency)}`, rating.amount - rating.subtotal),
    );
  return lines;
}

/** What a metered price's usage costs: the sum of its lines. */
export function meteredAmount(usage: MeteredUsage, currency: string): number {
  return meteredLines(usage, currency).reduce((sum, line) => sum + line.amount, 0);
}

/** The metered prices a subscription in `currency` bills at each renewal (a price's meter bills even once archived). */
export function meteredPricesIn<P extends { amount_type: string; price_currency: string; is_archived: boolean }>(
  prices: readonly P[],
  currency: string,
): Extract<P, { amount_type: 'metered_unit' | 'metered_tiers' }>[] {
  return prices.filter(
    (p): p is Extract<P, { amount_type: 'metered_unit' | 'metered_tiers' }> =>
      (p.amount_type === 'metered_unit' || p.amount_type === 'metered_tiers') &&
      p.price_currency === currency &&
      !p.is_archived,
  );
}
