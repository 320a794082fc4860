// Whether a leak report comes from the program: an ECDSA P-256 / SHA-256 signature over the raw body (base64 DER),
// by one of the public keys configured at start-up (never fetched while a report waits).
import { verify } from 'node:crypto';
import { signingKeyFor, type ReportSigningKey } from './report-signing.logic';

export type ReportSignatureCheck = 'valid' | 'no_keys' | 'unsigned' | 'unknown_key' | 'bad_signature';

export function checkReportSignature(
  keys: readonly ReportSigningKey[],
  rawBody: string,
  keyIdentifier: string,
  signature: string,
): ReportSignatureCheck {
  if (!keys.length) return 'no_keys';
  if (!keyIdentifier || !signature) return 'unsigned';
  const key = signingKeyFor(keys, keyIdentifier);
  if (!key) return 'unknown_key';
  try {
    return verify('sha256', Buffer.from(rawBody, 'utf8'), key.key, Buffer.from(signature, 'base64'))
      ? 'valid'
      : 'bad_signature';
  } catch {
    return 'bad_signature'; // not DER at all
  }
}
