// Revocation (RFC 7009): the client's token stops working (a refresh token with its whole grant); an unknown one is
// answered the same.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RevokeTokenRequest } from '../../contracts/oauth2-revocation';
import type { Clock } from '../../kernel/clock';
import { findLiveToken } from './find-oauth2-token';
import type { ClientAuthenticator } from './oauth2-client-auth';
import { OAuth2Token } from './oauth2.entity';

export async function revokeToken(
  deps: { clock: Clock; serverSecret: string; clientAuthenticator: ClientAuthenticator },
  em: EntityManager,
  body: RevokeTokenRequest,
  authorization: string,
): Promise<Record<string, never>> {
  const { client } = await deps.clientAuthenticator.authenticate(em, body, authorization, {
    confidentialOnly: false,
  });
  const found = await findLiveToken(deps, em, body.token);
  if (found && found.row.clientId === client.clientId) {
    const where = found.type === 'refresh_token' ? { grantId: found.row.grantId } : { id: found.row.id };
    await em.nativeUpdate(OAuth2Token, { ...where, revokedAt: null }, { revokedAt: deps.clock.now() });
  }
  return {};
}
