// An app's live token by the string it presents, access or refresh (told apart by prefix and checksum), as
// introspection and revocation look it up.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { hasValidChecksum, hashToken } from '../../platform/crypto/tokens';
import { OAuth2Token } from './oauth2.entity';
import { OAUTH2_PREFIXES } from './oauth2.logic';

/** The token's row and type when it is ours, unrevoked and unexpired (a refresh token also not rotated); else null. */
export async function findLiveToken(
  deps: { clock: Clock; serverSecret: string },
  em: EntityManager,
  token: string,
): Promise<{ row: OAuth2Token; type: 'access_token' | 'refresh_token' } | null> {
  const now = deps.clock.now();
  if (hasValidChecksum(token, OAUTH2_PREFIXES.accessToken)) {
    const row = await em.findOne(OAuth2Token, {
      accessTokenHash: hashToken(token, deps.serverSecret),
      revokedAt: null,
      accessExpiresAt: { $gt: now },
    });
    return row && { row, type: 'access_token' };
  }
  if (hasValidChecksum(token, OAUTH2_PREFIXES.refreshToken)) {
    const row = await em.findOne(OAuth2Token, {
      refreshTokenHash: hashToken(token, deps.serverSecret),
      revokedAt: null,
      rotatedAt: null,
      refreshExpiresAt: { $gt: now },
    });
    return row && { row, type: 'refresh_token' };
  }
  return null;
}
