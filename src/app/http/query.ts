// Turns a query string into the shape the contracts parse: every key a list of values, `metadata[k]` grouped.
import type { Context } from 'koa';
import { RequestValidationError } from '../../kernel/errors';
import { textIssue } from '../../kernel/text';

export interface RawQuery {
  [key: string]: string[] | Record<string, string[]>;
}

/** Query parameters a request may carry in all (a repeated key counts each time); more is an attack, not a query. */
const MAX_QUERY_VALUES = 100;

export function rawQuery(ctx: Context): RawQuery {
  // Keys are the client's: `toString` or `__proto__` must be plain keys, not members of Object.prototype.
  const out: Record<string, string[]> = Object.create(null);
  const metadata: Record<string, string[]> = Object.create(null);
  let count = 0;
  for (const [key, value] of new URLSearchParams(ctx.querystring)) {
    const issue = textIssue(key) ?? textIssue(value);
    if (issue) throw new RequestValidationError([{ loc: ['query', key], ...issue }]);
    if (++count > MAX_QUERY_VALUES) {
      throw new RequestValidationError([
        { loc: ['query'], msg: `At most ${MAX_QUERY_VALUES} query parameters`, type: 'too_many_parameters' },
      ]);
    }
    const metadataKey = /^metadata\[(.+)\]$/.exec(key)?.[1];
    const target = metadataKey === undefined ? out : metadata;
    const name = metadataKey ?? key;
    (target[name] ??= []).push(value);
  }
  return { ...out, metadata };
}
