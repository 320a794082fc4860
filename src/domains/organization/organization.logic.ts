// Pure rules of organizations and their access tokens: scopes, the token prefix, slugs.

export { SCOPES, isScope, type Scope } from '../../contracts/scopes';

/** Organization access tokens are `bursar_oat_…` (`src/platform/crypto/tokens.ts` says what follows). */
export const ORGANIZATION_TOKEN_PREFIX = 'bursar_oat_';

/** How stale a token's `last_used_at` may be: using a token writes at most once in this time. */
export const LAST_USED_PRECISION_MS = 60_000;

/** The scopes of `wanted` that `grantor` does not carry (a token grants only what it has). */
export const scopesBeyond = (wanted: readonly string[], grantor: ReadonlySet<string>): string[] =>
  [...new Set(wanted)].filter((s) => !grantor.has(s));

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

/** An invoice prefix as organizations may set it. */
export const INVOICE_PREFIX = /^[A-Z0-9][A-Z0-9-]{0,19}$/;

export const isInvoiceNumbering = (value: string): value is 'customer' | 'organization' =>
  value === 'customer' || value === 'organization';
