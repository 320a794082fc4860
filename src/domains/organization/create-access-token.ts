// A new organization access token (by the CLI or over the API), with scopes and an optional expiry; its clear text
// returned this once.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { newId } from '../../kernel/ids';
import { generateToken, hashToken } from '../../platform/crypto/tokens';
import { OrganizationAccessToken } from './organization.entity';
import { ORGANIZATION_TOKEN_PREFIX, type Scope } from './organization.logic';
import { assertGrantable } from './access-token-grant';

export interface AccessTokenInput {
  scopes: Scope[];
  comment?: string;
  /** Seconds from now; absent or null: the token never expires. */
  expiresInSeconds?: number | null;
}

/**
 * Returns the token in clear text: the only time it is ever visible. Over the API, `grantor` is the calling token's
 * scopes: a token can only create tokens with scopes it carries itself (the CLI, run by the operator, grants any).
 */
export async function createAccessToken(
  deps: { secret: string; clock: Clock },
  em: EntityManager,
  organizationId: string,
  input: AccessTokenInput,
  grantor?: ReadonlySet<string>,
): Promise<{ token: string; accessToken: OrganizationAccessToken }> {
  if (grantor) assertGrantable(input.scopes, grantor);
  const token = generateToken(ORGANIZATION_TOKEN_PREFIX);
  const now = deps.clock.now();
  const accessToken = em.create(OrganizationAccessToken, {
    id: newId(),
    organizationId,
    tokenHash: hashToken(token, deps.secret),
    scopes: [...new Set(input.scopes)],
    comment: input.comment ?? '',
    expiresAt: input.expiresInSeconds ? new Date(now.getTime() + input.expiresInSeconds * 1000) : null,
    revokedAt: null,
    lastUsedAt: null,
    createdAt: now,
    modifiedAt: null,
  });
  await em.flush();
  return { token, accessToken };
}
