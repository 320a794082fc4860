// Pure rules of organizations and their access tokens: scopes, token format, slugs.
import { createHmac, randomInt } from 'node:crypto';

export { SCOPES, isScope, type Scope } from '../../contracts/scopes';

export const ORGANIZATION_TOKEN_PREFIX = 'bursar_oat_';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

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

/**
 * `bursar_oat_` + 37 random base62 characters + a 6-character CRC32 checksum, so secret scanners can
 * recognise a leaked token without asking us.
 */
export function generateOrganizationToken(): string {
  let random = '';
  for (let i = 0; i < 37; i++) random += BASE62[randomInt(62)];
  return `${ORGANIZATION_TOKEN_PREFIX}${random}${toBase62(crc32(random), 6)}`;
}

export function hasValidChecksum(token: string): boolean {
  if (!token.startsWith(ORGANIZATION_TOKEN_PREFIX)) return false;
  const body = token.slice(ORGANIZATION_TOKEN_PREFIX.length);
  if (body.length !== 43) return false;
  return toBase62(crc32(body.slice(0, 37)), 6) === body.slice(37);
}

/** Tokens are stored only as this digest. */
export function hashToken(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

export function slugify(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'organization'
  );
}
