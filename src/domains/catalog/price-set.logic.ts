// Pure rule of which prices may live together on one product, per currency and per meter.
import type { ValidationIssue } from '../../kernel/errors';
import { issue, type Loc } from './validation-issue.logic';

/**
 * Which prices may live together, per currency: one static price — a custom price alone, or a fixed and/or a
 * seat-based price — plus metered prices, at most one per meter. Metered prices need a recurring product. Each
 * currency has its own set: a product may carry the same models in usd, eur and jpy.
 */
export function priceSetIssues(
  prices: readonly { amount_type: string; price_currency: string; meter_id?: string | null }[],
  isRecurring: boolean,
  loc: Loc,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const byCurrency = new Map<string, string[]>();
  const meters = new Set<string>();
  prices.forEach((price, i) => {
    const type = price.amount_type === 'free' ? 'fixed' : price.amount_type;
    if (isMetered(type)) {
      if (!isRecurring) issues.push(issue([...loc, i, 'amount_type'], 'Metered prices need a recurring product'));
      const meter = price.meter_id && `${price.price_currency}:${price.meter_id}`;
      if (meter && meters.has(meter))
        issues.push(issue([...loc, i, 'meter_id'], `Only one price per meter in ${price.price_currency}`));
      if (meter) meters.add(meter);
      return;
    }
    const seen = byCurrency.get(price.price_currency) ?? [];
    const clash = seen.includes(type) || (type === 'custom' && seen.length > 0) || seen.includes('custom');
    if (clash) {
      issues.push(
        issue(
          [...loc, i, 'amount_type'],
          `A ${type} price cannot be combined with a ${seen.join(' and ')} price in ${price.price_currency}`,
        ),
      );
    }
    byCurrency.set(price.price_currency, [...seen, type]);
  });
  return issues;
}

/** Metered prices (a unit amount or tiers) bill usage at each renewal, beside the product's one static price. */
export const isMetered = (amountType: string): boolean =>
  amountType === 'metered_unit' || amountType === 'metered_tiers';
