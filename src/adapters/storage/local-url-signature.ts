// The presigned URLs local disk storage serves itself: HMAC-SHA256 over the method, path and parameters, expiring.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { StorageRejected } from './file-storage';

/** The signature of a URL's method, path and parameters (all but `signature`, sorted). */
export function signUrl(signingKey: Buffer, method: string, path: string, params: URLSearchParams): string {
  const fields = [...params].filter(([name]) => name !== 'signature').sort(([a], [b]) => a.localeCompare(b));
  return createHmac('sha256', signingKey)
    .update(`${method}\n${path}\n${new URLSearchParams(fields)}`)
    .digest('base64url');
}

/** Refuses a URL whose signature is not ours, or that has expired. */
export function verifySignedUrl(
  options: { signingKey: Buffer; now: () => Date },
  method: string,
  path: string,
  query: URLSearchParams,
): void {
  const given = Buffer.from(query.get('signature') ?? '');
  const expected = Buffer.from(signUrl(options.signingKey, method, path, query));
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new StorageRejected('Invalid signature', 'forbidden');
  if (Number(query.get('expires')) * 1000 < options.now().getTime())
    throw new StorageRejected('The URL has expired', 'forbidden');
}
