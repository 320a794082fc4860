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

/** A value met on the way down: its key and its parent's, so that a location is only built for an offender. */
interface Visit {
  value: unknown;
  key: string | number;
  parent: Visit | null;
  depth: number;
}

function locOf(visit: Visit, rootLoc: (string | number)[]): (string | number)[] {
  const keys: (string | number)[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) keys.push(at.key);
  return [...rootLoc, ...keys.reverse()];
}

/** Refuses, with the location of the first offender, any value the database cannot store faithfully. */
export function assertStorable(root: unknown, rootLoc: (string | number)[]): void {
  const stack: Visit[] = [{ value: root, key: '', parent: null, depth: 0 }];
  while (stack.length) {
    const visit = stack.pop()!;
    const { value } = visit;
    const issue = typeof value === 'string' ? textIssue(value) : typeof value === 'number' ? numberIssue(value) : null;
    if (issue) throw new RequestValidationError([{ loc: locOf(visit, rootLoc), ...issue } satisfies ValidationIssue]);
    if (typeof value !== 'object' || value === null) continue;
    if (visit.depth >= MAX_JSON_DEPTH) {
      throw new RequestValidationError([
        { loc: rootLoc, msg: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, type: 'json_too_deep' },
      ]);
    }
    const array = Array.isArray(value);
    for (const key of Object.keys(value)) {
      const keyIssue = textIssue(key);
      if (keyIssue) throw new RequestValidationError([{ loc: locOf(visit, rootLoc), ...keyIssue }]);
      const child = (value as Record<string, unknown>)[key];
      stack.push({ value: child, key: array ? Number(key) : key, parent: visit, depth: visit.depth + 1 });
    }
  }
}
