// Reads a JSON request body with a size limit; malformed JSON is a 422 like any other invalid body.
import type { Context } from 'koa';
import { PayloadTooLarge, RequestValidationError, UnsupportedMediaType } from '../../kernel/errors';

export async function readJsonBody(ctx: Context, limitBytes: number): Promise<unknown> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limitBytes) throw new PayloadTooLarge(`Request body exceeds ${limitBytes} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new PayloadTooLarge(`Request body exceeds ${limitBytes} bytes.`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) {
    throw new RequestValidationError([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
  }
  if (!ctx.is('application/json', 'application/*+json')) {
    throw new UnsupportedMediaType('Request bodies must be JSON (Content-Type: application/json).');
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const msg = error instanceof Error ? error.message : 'Invalid JSON';
    throw new RequestValidationError([{ loc: ['body'], msg: `JSON decode error: ${msg}`, type: 'json_invalid' }]);
  }
}
