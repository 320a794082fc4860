// A checkout's custom field values checked against its product's fields. Pure.
import type { ValidationIssue } from '../../kernel/errors';

export interface AttachedFieldRule {
  slug: string;
  type: 'text' | 'number' | 'date' | 'checkbox' | 'select';
  required: boolean;
  properties: { min_length?: number; max_length?: number; ge?: number; le?: number; options?: { value: string }[] };
}

/**
 * Custom field values checked against the product's fields: known slugs only, the right type, within the field's
 * bounds; when `complete`, required fields must be filled (a required checkbox must be ticked).
 */
export function customFieldIssues(
  fields: readonly AttachedFieldRule[],
  data: Record<string, unknown>,
  complete: boolean,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const at = (slug: string, msg: string, type = 'value_error') =>
    issues.push({ loc: ['body', 'custom_field_data', slug], msg, type });
  for (const slug of Object.keys(data))
    if (!fields.some((f) => f.slug === slug)) at(slug, 'Not a custom field of this product.');
  for (const field of fields) {
    const value = data[field.slug];
    const empty = value === undefined || value === null || value === '';
    if (empty) {
      if (complete && field.required) at(field.slug, `${field.slug} is required.`, 'missing');
      continue;
    }
    const { min_length, max_length, ge, le, options } = field.properties;
    switch (field.type) {
      case 'text':
        if (typeof value !== 'string') at(field.slug, 'Expected text.');
        else if (
          (min_length !== undefined && value.length < min_length) ||
          (max_length !== undefined && value.length > max_length)
        )
          at(field.slug, `Expected between ${min_length ?? 0} and ${max_length ?? '∞'} characters.`);
        break;
      case 'number':
        if (typeof value !== 'number' || !Number.isInteger(value)) at(field.slug, 'Expected a whole number.');
        else if ((ge !== undefined && value < ge) || (le !== undefined && value > le))
          at(field.slug, `Expected a number between ${ge ?? '-∞'} and ${le ?? '∞'}.`);
        break;
      case 'date': {
        const seconds = typeof value === 'string' ? Date.parse(value) / 1000 : Number.NaN;
        if (Number.isNaN(seconds)) at(field.slug, 'Expected a date (ISO 8601).');
        else if ((ge !== undefined && seconds < ge) || (le !== undefined && seconds > le))
          at(field.slug, 'The date is out of range.');
        break;
      }
      case 'checkbox':
        if (typeof value !== 'boolean') at(field.slug, 'Expected true or false.');
        else if (complete && field.required && !value) at(field.slug, `${field.slug} must be accepted.`, 'missing');
        break;
      case 'select':
        if (typeof value !== 'string' || !options?.some((o) => o.value === value))
          at(field.slug, `Expected one of: ${(options ?? []).map((o) => o.value).join(', ')}.`);
        break;
    }
  }
  return issues;
}
