// Which new billing details may replace an order's (the reference's rules). Pure.
import type { Address } from '../../contracts/address';
import type { ValidationIssue } from '../../kernel/errors';

/**
 * Why new billing details cannot replace the order's (the reference's rules): once an address is set its country
 * and state stay (tax was charged for them), and US and Canadian addresses need their state, as at checkout.
 */
export function billingUpdateIssues(current: Address | null, next: Address | null | undefined): ValidationIssue[] {
  if (next === undefined) return [];
  const issue = (field: string, msg: string): ValidationIssue => ({
    loc: ['body', 'billing_address', field],
    msg,
    type: 'value_error',
  });
  if (current && !next) return [issue('country', 'The billing address cannot be removed once set.')];
  if (!next) return [];
  if (current && next.country !== current.country) return [issue('country', 'Country cannot be changed.')];
  if (current && (next.state ?? null) !== (current.state ?? null)) return [issue('state', 'State cannot be changed.')];
  if ((next.country === 'US' || next.country === 'CA') && !next.state)
    return [issue('state', 'The state or province is required.')];
  return [];
}
