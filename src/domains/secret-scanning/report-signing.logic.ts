// How a secret-scanning program signs its reports: the headers, the keys it publishes, the key a report names.
/** The headers GitHub signs its reports with: which of its keys, and the base64 DER ECDSA signature of the raw body. */
export const KEY_IDENTIFIER_HEADER = 'Github-Public-Key-Identifier';
export const SIGNATURE_HEADER = 'Github-Public-Key-Signature';

/** A key the program publishes (`SECRET_SCANNING_PUBLIC_KEYS`), its PEM checked at start-up. */
export interface ReportSigningKey {
  key_identifier: string;
  key: string;
}

/** The configured key a report names, or null when none has that identifier. */
export function signingKeyFor(keys: readonly ReportSigningKey[], identifier: string): ReportSigningKey | null {
  return keys.find((key) => key.key_identifier === identifier) ?? null;
}
