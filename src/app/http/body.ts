// Reads a JSON request body with a size limit; malformed JSON is a 400 (the spec's BadRequest), a body that parses
// but fails its contract a 422, and a body in another charset than UTF-8 a 415.
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

export async function readJsonBody(ctx: Context, limitBytes: number): Promise<unknown> {
  const bytes = await readBytes(ctx, limitBytes);
  if (!bytes.toString('latin1').trim()) {
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
    throw new BadRequest(`The body is not valid JSON: ${error instanceof Error ? error.message : 'it does not parse'}.`);
  }
  assertStorable(value, ['body']);
  return value;
}
