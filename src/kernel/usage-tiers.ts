// How metered usage is rated at a tiered price (`metered_tiers`), line by line: graduated (each tier's units at its
// rate) or volume (every unit at the rate of the tier holding the total), optionally counted in packages (blocks of
// units, a partial block rounded up or down), then capped. Each line is rounded once, half-up; the cap applies to
// their sum.
import { formatDecimal, MAX_AMOUNT, parseDecimal, unitsAmount } from './money';

export type UsageTierType = 'graduated' | 'volume';

/** A tier up to `bound` units (inclusive; null: open-ended, only the last) at `unit_amount` minor units each. */
export interface UsageTier {
  bound: number | null;
  unit_amount: string;
}

export interface UsageTiers {
  type: UsageTierType;
  tiers: readonly UsageTier[];
}

/** Units counted in blocks of `size`, a partial block rounded `up` or `down` (our addition); bounds count blocks. */
export interface UsagePackage {
  size: number;
  rounding: 'up' | 'down';
}

export interface UsageTierLine {
  /** The tier's position, from 1. */
  tier: number;
  /** The tier's first and last unit (or block); `to` null when open-ended. */
  from: number;
  to: number | null;
  /** Units (blocks with a package) billed at this tier, a decimal string. */
  quantity: string;
  unit_amount: string;
  amount: number;
}

export interface UsageRating {
  /** What the tiers count: the units, or the blocks they make with a package. */
  quantity: string;
  lines: UsageTierLine[];
  /** The sum of the lines, and what is charged: that sum capped by `cap` and by the most one charge may carry. */
  subtotal: number;
  amount: number;
  capped: boolean;
}

/** Whole blocks of `size` in `units` (a non-negative decimal string), a partial block rounded up or down. */
export function packageCount(units: string, pkg: UsagePackage): string {
  const { digits, scale } = parseDecimal(units);
  const per = BigInt(pkg.size) * 10n ** BigInt(scale);
  const whole = digits / per;
  return String(pkg.rounding === 'up' && whole * per < digits ? whole + 1n : whole);
}

/** `units` (non-negative decimal string) rated at `tiers`; at 0 units, one line of the first tier for 0. */
export function rateUsage(tiers: UsageTiers, units: string, pkg: UsagePackage | null, cap: number | null): UsageRating {
  const given = parseDecimal(units);
  const quantity = pkg ? packageCount(units, pkg) : formatDecimal(given.digits, given.scale);
  const q = parseDecimal(quantity);
  const scale = 10n ** BigInt(q.scale);
  const line = (i: number, count: bigint): UsageTierLine => {
    const t = tiers.tiers[i];
    const text = formatDecimal(count, q.scale);
    const from = i === 0 ? 1 : tiers.tiers[i - 1].bound! + 1;
    return {
      tier: i + 1,
      from,
      to: t.bound,
      quantity: text,
      unit_amount: t.unit_amount,
      // A line never carries more than one charge may (the order's column is 32-bit): the cap takes the rest.
      amount: Math.min(unitsAmount(text, t.unit_amount), MAX_AMOUNT),
    };
  };
  const holding = tiers.tiers.findIndex((t) => t.bound === null || q.digits <= BigInt(t.bound) * scale);
  const last = holding < 0 ? tiers.tiers.length - 1 : holding;
  const lines =
    tiers.type === 'volume'
      ? [line(last, q.digits)]
      : tiers.tiers.slice(0, last + 1).map((t, i) => {
          const lower = i === 0 ? 0n : BigInt(tiers.tiers[i - 1].bound!) * scale;
          const upper = t.bound === null || i === last ? q.digits : BigInt(t.bound) * scale;
          return line(i, upper - lower);
        });
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const limit = Math.min(cap ?? MAX_AMOUNT, MAX_AMOUNT);
  return { quantity, lines, subtotal, amount: Math.min(subtotal, limit), capped: subtotal > limit };
}
