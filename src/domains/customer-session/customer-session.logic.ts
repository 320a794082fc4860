// Pure rules of customer sessions: the token's prefix, login codes, the portal's address.
/** Customer session tokens are `bursar_cst_…` (`src/platform/crypto/tokens.ts` says what follows). */
export const CUSTOMER_SESSION_TOKEN_PREFIX = 'bursar_cst_';

/** Login codes are 6 characters over [A-Z0-9]. */
export const LOGIN_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const LOGIN_CODE_LENGTH = 6;
/** Wrong guesses a code survives: past them it is used up, and the customer has to ask for a new one. */
export const LOGIN_CODE_MAX_FAILED_ATTEMPTS = 5;
/** A customer gets at most one code e-mail in this many seconds, however often one is asked for. */
export const LOGIN_CODE_RESEND_SECONDS = 60;

/** Where the customer opens the portal with a session: the hosted portal page of the organization. */
export function customerPortalUrl(publicUrl: string, organizationSlug: string, token: string): string {
  const url = new URL(`/portal/${encodeURIComponent(organizationSlug)}`, publicUrl);
  url.searchParams.set('customer_session_token', token);
  return url.toString();
}
