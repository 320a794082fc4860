// Bearer tokens: a prefix naming their kind, random base62 and a CRC32 checksum (so secret scanners recognise a
// leaked token without asking us), stored only as an HMAC-SHA256 digest keyed by the server secret.
import { createHmac, randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 37;
const CHECKSUM_LENGTH = 6;

function toBase62(value: number, width: number): string {
  let out = '';
  for (let n = value; out.length < width; n = Math.floor(n / 62)) out = BASE62[n % 62] + out;
  return out;
}

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** `prefix` + 37 random base62 characters + a 6-character CRC32 checksum of them. */
export function generateToken(prefix: string): string {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += BASE62[randomInt(62)];
  return `${prefix}${random}${toBase62(crc32(random), CHECKSUM_LENGTH)}`;
}

/** Whether `token` has the prefix, the length and a checksum that matches (no database needed to refuse it). */
export function hasValidChecksum(token: string, prefix: string): boolean {
  if (!token.startsWith(prefix)) return false;
  const body = token.slice(prefix.length);
  if (body.length !== RANDOM_LENGTH + CHECKSUM_LENGTH) return false;
  return toBase62(crc32(body.slice(0, RANDOM_LENGTH)), CHECKSUM_LENGTH) === body.slice(RANDOM_LENGTH);
}

/** Tokens are stored only as this digest. */
export function hashToken(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}
