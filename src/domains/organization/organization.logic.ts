// Pure rules of organizations and their access tokens: scopes, the token prefix, slugs.

export { SCOPES, isScope, type Scope } from '../../contracts/scopes';

/** Organization access tokens are `bursar_oat_…` (`src/platform/crypto/tokens.ts` says what follows). */
export const ORGANIZATION_TOKEN_PREFIX = 'bursar_oat_';

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
