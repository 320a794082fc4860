// Pure rules of a seat-based price's tiers: one after the other from one seat, only the last open-ended.
import type { ValidationIssue } from '../../kernel/errors';
import { MAX_AMOUNT, type SeatTier } from '../../kernel/money';
import { issue, type Loc } from './validation-issue.logic';

/** Tiers must start at one seat or more, follow each other without gap or overlap, and only the last may be open. */
type SeatTierDraft = {
  min_seats: number;
  max_seats?: number | null;
  price_per_seat: number;
  flat_amount?: number | null;
};

export function seatTierIssues(tiers: readonly SeatTierDraft[], loc: Loc): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  tiers.forEach((tier, i) => {
    const here = [...loc, i];
    const max = tier.max_seats ?? null;
    if (max !== null && max < tier.min_seats)
      issues.push(issue([...here, 'max_seats'], 'max_seats must not be below min_seats'));
    if (max === null && i < tiers.length - 1)
      issues.push(issue([...here, 'max_seats'], 'Only the last tier may be open-ended'));
    if (tier.price_per_seat > MAX_AMOUNT)
      issues.push(issue([...here, 'price_per_seat'], `price_per_seat must be at most ${MAX_AMOUNT}`));
    if (tier.flat_amount != null && tier.flat_amount > MAX_AMOUNT)
      issues.push(issue([...here, 'flat_amount'], `flat_amount must be at most ${MAX_AMOUNT}`));
    if (i > 0) {
      const previousMax = tiers[i - 1].max_seats ?? null;
      if (previousMax !== null && tier.min_seats !== previousMax + 1) {
        const problem =
          tier.min_seats <= previousMax ? 'overlaps the previous tier' : 'leaves a gap after the previous tier';
        issues.push(
          issue([...here, 'min_seats'], `min_seats ${tier.min_seats} ${problem} (expected ${previousMax + 1})`),
        );
      }
    }
  });
  return issues;
}

/** The tiers as stored: `flat_amount` only where a tier has a fee (so tiers without one read as before). */
export function normalizedTiers(tiers: readonly SeatTierDraft[]): SeatTier[] {
  return tiers.map((t) => ({
    min_seats: t.min_seats,
    max_seats: t.max_seats ?? null,
    price_per_seat: t.price_per_seat,
    ...(t.flat_amount ? { flat_amount: t.flat_amount } : {}),
  }));
}
