// Pure rule of what one price of a product requires, by its type (fixed, custom, metered unit or tiers, seat-based).
import type { ValidationIssue } from '../../kernel/errors';
import { minPriceAmount } from '../../kernel/currency';
import { isValidPriceAmount, MAX_AMOUNT, normalizeUnitAmount } from '../../kernel/money';
import { seatTierIssues } from './seat-tier.logic';
import { usageTierIssues } from './usage-tier.logic';
import type { PriceDraft } from './price-draft';
import { issue, type Loc } from './validation-issue.logic';

/** The amounts a price in `currency` may carry: 0, or from the currency's minimum up to MAX_AMOUNT (minor units). */
const amountRule = (currency: string) =>
  `must be 0 or between ${minPriceAmount(currency)} and ${MAX_AMOUNT} (minor units of ${currency.toUpperCase()})`;

/** What one price needs to hold on its own; `loc` points at the price in the request body. */
export function priceIssues(price: PriceDraft, loc: Loc): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const amount = (field: keyof PriceDraft, value: number | null | undefined) => {
    if (value != null && !isValidPriceAmount(value, price.price_currency))
      issues.push(issue([...loc, field], `${field} ${amountRule(price.price_currency)}`));
  };
  switch (price.amount_type) {
    case 'fixed':
      amount('price_amount', price.price_amount);
      break;
    case 'custom': {
      amount('minimum_amount', price.minimum_amount);
      amount('maximum_amount', price.maximum_amount);
      amount('preset_amount', price.preset_amount);
      const min = price.minimum_amount ?? minPriceAmount(price.price_currency);
      if (price.maximum_amount != null && price.maximum_amount < min) {
        issues.push(issue([...loc, 'maximum_amount'], 'maximum_amount must not be below minimum_amount'));
      }
      if (
        price.preset_amount != null &&
        (price.preset_amount < min || (price.maximum_amount != null && price.preset_amount > price.maximum_amount))
      ) {
        issues.push(
          issue([...loc, 'preset_amount'], 'preset_amount must lie between minimum_amount and maximum_amount'),
        );
      }
      break;
    }
    case 'metered_unit':
      if (price.unit_amount === undefined || normalizeUnitAmount(price.unit_amount) === null) {
        issues.push(
          issue(
            [...loc, 'unit_amount'],
            `unit_amount must be a positive decimal of at most ${MAX_AMOUNT} with up to 12 decimals`,
          ),
        );
      }
      if (price.cap_amount != null && price.cap_amount > MAX_AMOUNT)
        issues.push(issue([...loc, 'cap_amount'], `cap_amount must be at most ${MAX_AMOUNT}`));
      break;
    case 'metered_tiers':
      issues.push(...usageTierIssues(price.tiers?.tiers ?? [], [...loc, 'tiers', 'tiers']));
      if (price.cap_amount != null && price.cap_amount > MAX_AMOUNT)
        issues.push(issue([...loc, 'cap_amount'], `cap_amount must be at most ${MAX_AMOUNT}`));
      break;
    case 'seat_based':
      issues.push(...seatTierIssues(price.seat_tiers?.tiers ?? [], [...loc, 'seat_tiers', 'tiers']));
      break;
  }
  return issues;
}
