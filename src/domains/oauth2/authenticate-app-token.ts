// The bearer check every /v1 route makes of an app's access token: the granting organization, the granted scopes, and
// the client (for its budget).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { hasValidChecksum, hashToken } from '../../platform/crypto/tokens';
import type { AuthenticatedOrganization } from '../../platform/http/route';
import { OAuth2Token } from './oauth2.entity';
import { OAUTH2_PREFIXES } from './oauth2.logic';

/** Null for anything but a live access token of ours. */
export async function authenticateAppToken(
  deps: { clock: Clock; serverSecret: string },
  em: EntityManager,
  token: string,
): Promise<AuthenticatedOrganization | null> {
  if (!hasValidChecksum(token, OAUTH2_PREFIXES.accessToken)) return null;
  const accessTokenHash = hashToken(token, deps.serverSecret);
  const row = await em.findOne(OAuth2Token, { accessTokenHash, revokedAt: null });
  if (!row || row.accessExpiresAt <= deps.clock.now()) return null;
  return {
    organizationId: row.organizationId,
    tokenId: row.id,
    scopes: new Set(row.scopes),
    oauth2ClientId: row.clientId,
  };
}
