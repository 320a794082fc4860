// Pure rules of custom fields: the options their properties must respect beyond their schema.
import type { ValidationIssue } from '../../../kernel/errors';

type Loc = (string | number)[];
const issue = (loc: Loc, msg: string, type = 'value_error'): ValidationIssue => ({ loc, msg, type });

/** Options a custom field's properties must respect beyond their schema. */
export function customFieldPropertyIssues(
  type: string,
  properties: Record<string, unknown>,
  loc: Loc,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const num = (key: string) => (typeof properties[key] === 'number' ? (properties[key] as number) : undefined);
  if (type === 'text') {
    const min = num('min_length');
    const max = num('max_length');
    if (min !== undefined && max !== undefined && min > max)
      issues.push(issue([...loc, 'max_length'], 'max_length must not be below min_length'));
  }
  if (type === 'number' || type === 'date') {
    const ge = num('ge');
    const le = num('le');
    if (ge !== undefined && le !== undefined && ge > le) issues.push(issue([...loc, 'le'], 'le must not be below ge'));
  }
  if (type === 'select') {
    const values = ((properties.options as { value: string }[]) ?? []).map((o) => o.value);
    values.forEach((value, i) => {
      if (values.indexOf(value) !== i)
        issues.push(issue([...loc, 'options', i, 'value'], `Duplicate option value "${value}"`));
    });
  }
  return issues;
}
