// Reads a JSON request body with a size limit; malformed JSON is a 400 (the spec's BadRequest), a body that parses
// but fails its contract a 422.
import type { Context } from 'koa';
import { BadRequest, PayloadTooLarge, RequestValidationError, UnsupportedMediaType } from '../../kernel/errors';

/** The body exactly as sent (signature checks need the raw bytes), within the size limit. */
export async function readRawBody(ctx: Context, limitBytes: number): Promise<string> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limitBytes) throw new PayloadTooLarge(`Request body exceeds ${limitBytes} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new PayloadTooLarge(`Request body exceeds ${limitBytes} bytes.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJsonBody(ctx: Context, limitBytes: number): Promise<unknown> {
  const text = await readRawBody(ctx, limitBytes);
  if (!text.trim()) {
    throw new RequestValidationError([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
  }
  if (!ctx.is('application/json', 'application/*+json')) {
    throw new UnsupportedMediaType('Request bodies must be JSON (Content-Type: application/json).');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BadRequest(`The body is not valid JSON: ${error instanceof Error ? error.message : 'it does not parse'}.`);
  }
  assertStorable(value);
  return value;
}

/** Deeper bodies are refused before validation, which recurses and would otherwise overflow the stack. */
export const MAX_JSON_DEPTH = 32;

/** Refuses what no schema should ever see: excessive nesting, and NUL characters (PostgreSQL text cannot hold them). */
function assertStorable(root: unknown): void {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string' && value.includes('\u0000')) {
      throw new RequestValidationError([{ loc: ['body'], msg: 'Strings must not contain NUL characters', type: 'string_nul' }]);
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) {
      throw new RequestValidationError([{ loc: ['body'], msg: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, type: 'json_too_deep' }]);
    }
    for (const [key, child] of Object.entries(value)) stack.push([key, depth + 1], [child, depth + 1]);
  }
}
