// An organization access token a secret-scanning program reported leaked: revoked at once, if it still worked.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { hasValidChecksum, hashToken } from '../../platform/crypto/tokens';
import { OrganizationAccessToken } from './organization.entity';
import { ORGANIZATION_TOKEN_PREFIX } from './organization.logic';

/** A token a secret-scanning program found in public: which one, whose, and whether this report revoked it. */
export interface LeakedAccessToken {
  organizationId: string;
  accessToken: OrganizationAccessToken;
  revokedNow: boolean;
}

/**
 * A token reported leaked: revoked at once (if it still worked). Null when the string is no token of ours — it
 * fails the checksum, or no token has this digest.
 */
export async function revokeLeakedAccessToken(
  deps: { secret: string; clock: Clock },
  em: EntityManager,
  token: string,
): Promise<LeakedAccessToken | null> {
  if (!hasValidChecksum(token, ORGANIZATION_TOKEN_PREFIX)) return null;
  const tokenHash = hashToken(token, deps.secret);
  const accessToken = await em.findOne(OrganizationAccessToken, { tokenHash });
  if (!accessToken) return null;
  // guarded: of two reports at once, one revokes (and e-mails)
  const revokedNow =
    (await em.nativeUpdate(
      OrganizationAccessToken,
      { tokenHash, revokedAt: null },
      { revokedAt: deps.clock.now() },
    )) === 1;
  return { organizationId: accessToken.organizationId, accessToken, revokedNow };
}
