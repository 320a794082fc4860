// Pure rules of customer sessions: the token's prefix, login codes, the portal's address.
/** Customer session tokens are `bursar_cst_…` (`src/platform/crypto/tokens.ts` says what follows). */
export const CUSTOMER_SESSION_TOKEN_PREFIX = 'bursar_cst_';

/** Login codes are 6 characters over [A-Z0-9]. */
export const LOGIN_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const LOGIN_CODE_LENGTH = 6;

/** Where the customer opens the portal with a session: the hosted portal page of the organization. */
export function customerPortalUrl(publicUrl: string, organizationSlug: string, token: string): string {
  const url = new URL(`/portal/${encodeURIComponent(organizationSlug)}`, publicUrl);
  url.searchParams.set('customer_session_token', token);
  return url.toString();
}
