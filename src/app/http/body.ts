// Reads a JSON request body (or a form, for OAuth's endpoints) with a size limit; malformed JSON is a 400 (the spec's
// BadRequest), a body that parses but fails its contract a 422, and a body in another charset than UTF-8 a 415.
import type { Context } from 'koa';
import { BadRequest, PayloadTooLarge, RequestValidationError, UnsupportedMediaType } from '../../kernel/errors';
import { assertStorable } from './storable';

/** The body exactly as sent (signature checks need the raw bytes), within the size limit. */
export async function readRawBody(ctx: Context, limitBytes: number): Promise<string> {
  return (await readBytes(ctx, limitBytes)).toString('utf8');
}

async function readBytes(ctx: Context, limitBytes: number): Promise<Buffer> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limitBytes) throw new PayloadTooLarge(`Request body exceeds ${limitBytes} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new PayloadTooLarge(`Request body exceeds ${limitBytes} bytes.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes that are white space read as Latin-1 (what String.prototype.trim drops): tab to CR, space, no-break space. */
const isBlankByte = (byte: number) => (byte >= 0x09 && byte <= 0x0d) || byte === 0x20 || byte === 0xa0;

/** Nothing but white space: scanned in place, not copied into a string as large as the body. */
function blank(bytes: Buffer): boolean {
  for (const byte of bytes) if (!isBlankByte(byte)) return false;
  return true;
}

/** JSON, or for a route that takes forms (`form`), `application/x-www-form-urlencoded` too. */
export function readBody(ctx: Context, limitBytes: number, form = false): Promise<unknown> {
  return form && ctx.is('application/x-www-form-urlencoded')
    ? readFormBody(ctx, limitBytes)
    : readJsonBody(ctx, limitBytes);
}

/** A form's fields as strings; a field sent twice is refused, as OAuth requires (RFC 6749 §3.1). */
async function readFormBody(ctx: Context, limitBytes: number): Promise<Record<string, string>> {
  let text: string;
  try {
    text = UTF8.decode(await readBytes(ctx, limitBytes));
  } catch {
    throw new BadRequest('The body is not valid UTF-8.');
  }
  const fields = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(text)) {
    if (fields.has(key))
      throw new RequestValidationError([{ loc: ['body', key], msg: 'Sent more than once', type: 'value_error' }]);
    fields.set(key, value);
  }
  const body = Object.fromEntries(fields); // own keys only: a field named __proto__ stays a field
  assertStorable(body, ['body']);
  return body;
}

export async function readJsonBody(ctx: Context, limitBytes: number): Promise<unknown> {
  const bytes = await readBytes(ctx, limitBytes);
  if (blank(bytes)) {
    throw new RequestValidationError([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
  }
  if (!ctx.is('application/json', 'application/*+json')) {
    throw new UnsupportedMediaType('Request bodies must be JSON (Content-Type: application/json).');
  }
  const charset = ctx.request.charset.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    throw new UnsupportedMediaType(`Request bodies must be UTF-8 JSON; charset=${charset} is not accepted.`);
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new BadRequest('The body is not valid UTF-8.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BadRequest(
      `The body is not valid JSON: ${error instanceof Error ? error.message : 'it does not parse'}.`,
    );
  }
  assertStorable(value, ['body']);
  return value;
}
