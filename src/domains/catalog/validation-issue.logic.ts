// How the catalog's rules name a field's problem: a validation issue at `loc` in the request.
import type { ValidationIssue } from '../../kernel/errors';

export type Loc = (string | number)[];
export const issue = (loc: Loc, msg: string, type = 'value_error'): ValidationIssue => ({ loc, msg, type });
