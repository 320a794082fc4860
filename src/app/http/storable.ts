// The one input boundary for what PostgreSQL cannot store or JSON cannot carry exactly: NUL characters and lone
// UTF-16 surrogates in text (keys included), integers beyond ±(2^53 − 1) (they already lost precision when parsed)
// and numbers that overflowed to infinity. Bodies, query strings and path parameters all pass through it.
import { RequestValidationError, type ValidationIssue } from '../../kernel/errors';
import { textIssue } from '../../kernel/text';

/** Deeper bodies are refused before validation, which recurses and would otherwise overflow the stack. */
export const MAX_JSON_DEPTH = 32;

function numberIssue(value: number): { msg: string; type: string } | null {
  if (!Number.isFinite(value)) return { msg: 'Number is out of range', type: 'number_out_of_range' };
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
    return {
      msg: 'Integers must lie within ±9007199254740991 (2^53 − 1) to keep their exact value',
      type: 'int_unsafe',
    };
  }
  return null;
}

/** Refuses, with the location of the first offender, any value the database cannot store faithfully. */
export function assertStorable(root: unknown, rootLoc: (string | number)[]): void {
  const stack: [unknown, (string | number)[]][] = [[root, rootLoc]];
  while (stack.length) {
    const [value, loc] = stack.pop()!;
    const issue = typeof value === 'string' ? textIssue(value) : typeof value === 'number' ? numberIssue(value) : null;
    if (issue) throw new RequestValidationError([{ loc, ...issue } satisfies ValidationIssue]);
    if (typeof value !== 'object' || value === null) continue;
    if (loc.length - rootLoc.length >= MAX_JSON_DEPTH) {
      throw new RequestValidationError([
        { loc: rootLoc, msg: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, type: 'json_too_deep' },
      ]);
    }
    for (const [key, child] of Object.entries(value)) {
      const keyIssue = textIssue(key);
      if (keyIssue) throw new RequestValidationError([{ loc, ...keyIssue }]);
      stack.push([child, [...loc, Array.isArray(value) ? Number(key) : key]]);
    }
  }
}
