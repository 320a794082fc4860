// Turns a query string into the shape the contracts parse: every key a list of values, `metadata[k]` grouped.
import type { Context } from 'koa';
import { RequestValidationError } from '../../kernel/errors';

export interface RawQuery {
  [key: string]: string[] | Record<string, string[]>;
}

export function rawQuery(ctx: Context): RawQuery {
  const out: Record<string, string[]> = {};
  const metadata: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(ctx.querystring)) {
    if (`${key}${value}`.includes('\u0000')) {
      throw new RequestValidationError([{ loc: ['query', key], msg: 'Query parameters must not contain NUL characters', type: 'string_nul' }]);
    }
    const metadataKey = /^metadata\[(.+)\]$/.exec(key)?.[1];
    const target = metadataKey === undefined ? out : metadata;
    const name = metadataKey ?? key;
    (target[name] ??= []).push(value);
  }
  return { ...out, metadata };
}
