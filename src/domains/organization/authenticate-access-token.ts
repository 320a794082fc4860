// The bearer check of an organization access token on every request: its organization and scopes, and when it was
// last used recorded.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { hasValidChecksum, hashToken } from '../../platform/crypto/tokens';
import type { AuthenticatedOrganization } from '../../platform/http/route';
import { OrganizationAccessToken } from './organization.entity';
import { LAST_USED_PRECISION_MS, ORGANIZATION_TOKEN_PREFIX } from './organization.logic';

/** Resolves a bearer token to its organization, or null when it is unknown, revoked or expired. */
export async function authenticateAccessToken(
  deps: { secret: string; clock: Clock },
  em: EntityManager,
  token: string,
): Promise<AuthenticatedOrganization | null> {
  if (!hasValidChecksum(token, ORGANIZATION_TOKEN_PREFIX)) return null;
  const accessToken = await em.findOne(OrganizationAccessToken, {
    tokenHash: hashToken(token, deps.secret),
    revokedAt: null,
  });
  if (!accessToken) return null;
  const now = deps.clock.now();
  if (accessToken.expiresAt && accessToken.expiresAt <= now) return null;
  await recordUse(em, accessToken, now);
  return { organizationId: accessToken.organizationId, tokenId: accessToken.id, scopes: new Set(accessToken.scopes) };
}

/** One guarded write a minute per token at most, whatever the request rate; outside the request's transaction. */
async function recordUse(em: EntityManager, accessToken: OrganizationAccessToken, now: Date): Promise<void> {
  if (accessToken.lastUsedAt && now.getTime() - accessToken.lastUsedAt.getTime() < LAST_USED_PRECISION_MS) return;
  await em.nativeUpdate(
    OrganizationAccessToken,
    {
      id: accessToken.id,
      $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: new Date(now.getTime() - LAST_USED_PRECISION_MS) } }],
    },
    { lastUsedAt: now },
  );
}
