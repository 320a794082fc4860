// Pure rule of a product's prices after a create or an update: each new price, its meter, and the set together.
import type { ValidationIssue } from '../../kernel/errors';
import type { PriceDraft } from './price-draft';
import { priceIssues } from './price.logic';
import { isMetered, priceSetIssues } from './price-set.logic';
import { issue } from './validation-issue.logic';

/**
 * The prices of a product after a create or an update: each `added` price on its own (located after the `kept`
 * ones in the request), metered prices on the organization's meters (`knownMeters`), and the whole set together.
 */
export function priceChangeIssues(
  added: readonly PriceDraft[],
  kept: readonly { amount_type: string; price_currency: string; meter_id?: string | null }[],
  isRecurring: boolean,
  knownMeters: ReadonlySet<string>,
): ValidationIssue[] {
  const issues = added.flatMap((price, i) => priceIssues(price, ['body', 'prices', kept.length + i]));
  added.forEach((price, i) => {
    if (isMetered(price.amount_type) && !knownMeters.has(price.meter_id ?? '')) {
      issues.push(
        issue(['body', 'prices', kept.length + i, 'meter_id'], 'No such meter in this organization.', 'unknown_meter'),
      );
    }
  });
  issues.push(...priceSetIssues([...kept, ...added], isRecurring, ['body', 'prices']));
  return issues;
}
