// Pure rule of a product's intervals: recurring settings only on recurring products, a trial with both its parts.
import type { ValidationIssue } from '../../kernel/errors';
import { issue } from './validation-issue.logic';

/** Recurring settings only on recurring products; a trial needs both its interval and its count. */
export function intervalIssues(
  input: {
    recurring_interval?: string | null;
    recurring_interval_count?: number | null;
    trial_interval?: string | null;
    trial_interval_count?: number | null;
    meter_interval?: string | null;
  },
  isRecurring: boolean,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const onlyRecurring = (field: string, value: unknown) => {
    if (!isRecurring && value != null)
      issues.push(issue(['body', field], `${field} applies only to recurring products`));
  };
  onlyRecurring('recurring_interval_count', input.recurring_interval_count);
  onlyRecurring('trial_interval', input.trial_interval);
  onlyRecurring('meter_interval', input.meter_interval);
  if ((input.trial_interval == null) !== (input.trial_interval_count == null) && isRecurring) {
    issues.push({
      loc: ['body', input.trial_interval == null ? 'trial_interval' : 'trial_interval_count'],
      msg: 'A trial needs both trial_interval and trial_interval_count',
      type: 'value_error',
    });
  }
  return issues;
}
