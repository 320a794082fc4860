// The token endpoint: a code (with its PKCE verifier) or a refresh token for a new pair and its ID token, in one
// transaction; a replayed code or retired refresh token revokes its grant.
import type { EntityManager } from '@mikro-orm/postgresql';
import OAuth2Server from '@node-oauth/oauth2-server';
import type { TokenRequest } from '../../contracts/oauth2-token';
import type { Clock } from '../../kernel/clock';
import type { IdTokenService } from './id-token.service';
import type { ClientAuthenticator } from './oauth2-client-auth';
import { asOAuthError, libraryRequest, oauth2Server } from './oauth2-library';
import type { Grantor } from './oauth2-model-context';
import { OAuth2Token } from './oauth2.entity';
import { OAUTH2_LIFETIMES_SECONDS } from './oauth2.logic';
import { scopeString } from './grantable-scopes.logic';

export interface TokenEndpointDeps {
  clock: Clock;
  serverSecret: string;
  clientAuthenticator: ClientAuthenticator;
  idTokens: IdTokenService;
}

/**
 * The token endpoint: a code (with its PKCE verifier) or a refresh token for a new pair and its ID token, in one
 * transaction. A spent code or a retired refresh token presented again revokes the whole grant it led to, committed
 * even though the request fails.
 */
export async function issueTokens(
  deps: TokenEndpointDeps,
  em: EntityManager,
  body: TokenRequest,
  authorization: string,
) {
  const { clock, serverSecret } = deps;
  // The client is authenticated here, once; the library is handed the credentials as read (in the body).
  const { client, secret } = await deps.clientAuthenticator.authenticate(em, body, authorization, {
    confidentialOnly: false,
  });
  const request = libraryRequest({ ...body, client_id: client.clientId, client_secret: secret }, 'POST');
  let replayedGrant: string | undefined;
  let token: OAuth2Server.Token;
  let idToken: string;
  try {
    [token, idToken] = await em.transactional(async (txEm) => {
      const onReplay = (grantId: string) => (replayedGrant = grantId);
      const issued = await oauth2Server({ em: txEm, clock, serverSecret, client, onReplay }).token(
        request,
        new OAuth2Server.Response(),
        {
          requireClientAuthentication: { refresh_token: false },
          accessTokenLifetime: OAUTH2_LIFETIMES_SECONDS.accessToken,
          refreshTokenLifetime: OAUTH2_LIFETIMES_SECONDS.refreshToken,
        },
      );
      return [
        issued,
        await deps.idTokens.issue(txEm, client.clientId, issued.accessToken, issued.user as Grantor),
      ] as const;
    });
  } catch (error) {
    if (replayedGrant)
      await em.nativeUpdate(OAuth2Token, { grantId: replayedGrant, revokedAt: null }, { revokedAt: clock.now() });
    throw asOAuthError(error);
  }
  return {
    access_token: token.accessToken,
    token_type: 'Bearer' as const,
    expires_in: OAUTH2_LIFETIMES_SECONDS.accessToken,
    ...(token.refreshToken && { refresh_token: token.refreshToken }),
    scope: scopeString(token.scope ?? []),
    id_token: idToken,
  };
}
