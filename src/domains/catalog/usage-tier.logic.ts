// Pure rules of a tiered metered price (`metered_tiers`): bounds ascending, only the last tier open-ended, rates
// non-negative decimals (a free tier is a 0 rate) with at least one above 0, and the tiers as they are stored.
import type { ValidationIssue } from '../../kernel/errors';
import { MAX_AMOUNT, normalizeUnitAmount } from '../../kernel/money';
import type { UsagePackage, UsageTiers, UsageTierType } from '../../kernel/usage-tiers';
import { issue, type Loc } from './validation-issue.logic';

type TierDraft = { bound?: number | null; unit_amount: number | string };

/** A tier's rate normalised ("0.50" → "0.5"), 0 allowed (a free tier); null when it is not such a decimal. */
export function tierUnitAmount(value: number | string): string | null {
  const zero = typeof value === 'number' ? value === 0 : /^0+(\.0*)?$/.test(value.trim());
  return zero ? '0' : normalizeUnitAmount(value);
}

/** What is wrong with these tiers (`loc` points at the `tiers` list of the price). */
export function usageTierIssues(tiers: readonly TierDraft[], loc: Loc): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  tiers.forEach((tier, i) => {
    const here = [...loc, i];
    const bound = tier.bound ?? null;
    const last = i === tiers.length - 1;
    if (bound === null && !last) issues.push(issue([...here, 'bound'], 'Only the last tier may be open-ended'));
    if (bound !== null && last)
      issues.push(
        issue([...here, 'bound'], 'The last tier must be open-ended (bound null): it rates every unit beyond'),
      );
    const previous = i > 0 ? (tiers[i - 1].bound ?? null) : null;
    if (bound !== null && previous !== null && bound <= previous)
      issues.push(issue([...here, 'bound'], `bound ${bound} must be above the previous tier's bound ${previous}`));
    if (tierUnitAmount(tier.unit_amount) === null)
      issues.push(
        issue(
          [...here, 'unit_amount'],
          `unit_amount must be 0 or a positive decimal of at most ${MAX_AMOUNT} with up to 12 decimals`,
        ),
      );
  });
  if (tiers.length && tiers.every((t) => tierUnitAmount(t.unit_amount) === '0'))
    issues.push(issue([...loc, 0, 'unit_amount'], 'At least one tier must have a unit_amount above 0'));
  return issues;
}

/** The tiers as stored: bounds null when open, rates normalised. */
export function normalizedUsageTiers(tiers: { type: UsageTierType; tiers: readonly TierDraft[] }): UsageTiers {
  return {
    type: tiers.type,
    tiers: tiers.tiers.map((t) => ({ bound: t.bound ?? null, unit_amount: tierUnitAmount(t.unit_amount) ?? '0' })),
  };
}

export function normalizedPackage(
  pkg: { size: number; rounding: 'up' | 'down' } | null | undefined,
): UsagePackage | null {
  return pkg ? { size: pkg.size, rounding: pkg.rounding } : null;
}
