// A refused form: the API's field issues placed at the fields the form shows, the rest as one message above it.
import { ApiError } from '../shared/api';
import type { Translate } from '../shared/ui';

export interface FormFailure {
  /** Messages by the API's field path (`tax_id`, `billing_address.country`). */
  fields: Record<string, string>;
  message: string | null;
}

export const NO_FAILURE: FormFailure = { fields: {}, message: null };

/** `shown`: the top-level fields of the body the form has inputs for. */
export function formFailure(t: Translate, failure: unknown, shown: readonly string[]): FormFailure {
  if (!(failure instanceof ApiError)) return { fields: {}, message: t('common.unexpectedError') };
  const fields: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const issue of failure.issues) {
    if (shown.includes(issue.field.split('.')[0])) fields[issue.field] ??= issue.message;
    else elsewhere.push(issue.message);
  }
  const placed = Object.keys(fields).length > 0;
  return { fields, message: elsewhere.length ? elsewhere.join(' ') : placed ? null : failure.message };
}

/** The issues below `prefix` (e.g. `billing_address`) by the rest of their path; one on the prefix itself counts for `country`. */
export function fieldsBelow(fields: Record<string, string>, prefix: string): Record<string, string> {
  const below: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    if (field === prefix) below.country ??= message;
    else if (field.startsWith(`${prefix}.`)) below[field.slice(prefix.length + 1)] ??= message;
  }
  return below;
}
