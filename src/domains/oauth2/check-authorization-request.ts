// The checks of an authorization request (the consent screen and the consent itself) that come before any redirect:
// the client, its redirect URI, the scopes asked for, PKCE.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthorizeRequest } from '../../contracts/oauth2-authorize';
import type { AuthenticatedOrganization } from '../../platform/http/route';
import type { OAuth2ClientService } from './oauth2-client.service';
import type { OAuth2Client } from './oauth2.entity';
import { OAuthError } from './oauth2.errors';
import { grantableScopes } from './grant-scopes.logic';
import { OPENID_SCOPE, parseRequestedScopes } from './grantable-scopes.logic';
import { redirectUriFault } from './redirect-uri.logic';

/** What the caller of an authorization endpoint is: its organization and its token's scopes. */
export type Consenting = Pick<AuthenticatedOrganization, 'organizationId' | 'scopes'>;

/** The client and the scopes granted (`openid` first when asked), or the OAuth error that refuses the request. */
export async function checkAuthorizationRequest(
  clients: Pick<OAuth2ClientService, 'findActive'>,
  em: EntityManager,
  caller: Consenting,
  request: AuthorizeRequest,
): Promise<{ client: OAuth2Client; scopes: string[] }> {
  const client = await clients.findActive(em, request.client_id);
  if (!client) throw new OAuthError('invalid_client', 'No OAuth2 client has this client_id.');
  if (!client.grantTypes.includes('authorization_code'))
    throw new OAuthError('unauthorized_client', 'This client may not use the authorization code flow.');
  if (request.redirect_uri !== undefined && !client.redirectUris.includes(request.redirect_uri)) {
    throw new OAuthError('invalid_request', 'redirect_uri is not one of the client’s registered redirect URIs.');
  }
  // A URI registered before registration refused such URIs is not sent a code either.
  const fault = request.redirect_uri === undefined ? null : redirectUriFault(request.redirect_uri);
  if (fault) throw new OAuthError('invalid_request', `redirect_uri ${fault}; register a redirect URI that is allowed.`);
  if (client.tokenEndpointAuthMethod === 'none' && !request.code_challenge) {
    throw new OAuthError('invalid_request', 'A public client must use PKCE: code_challenge (S256) is required.');
  }
  if (request.code_challenge && request.code_challenge_method !== 'S256') {
    throw new OAuthError('invalid_request', 'code_challenge_method must be S256.');
  }
  const { scopes, openid, unknown } = parseRequestedScopes(request.scope ?? '');
  if (unknown.length) throw new OAuthError('invalid_scope', `Unknown scopes: ${unknown.join(', ')}.`);
  if (!scopes.length) throw new OAuthError('invalid_scope', 'Name the API scopes the app asks for (scope).');
  const { refused } = grantableScopes(scopes, client.scopes, caller.scopes);
  if (refused.length) {
    throw new OAuthError(
      'invalid_scope',
      `Scopes this client may not ask for, or this token cannot grant: ${refused.join(', ')}.`,
    );
  }
  return { client, scopes: openid ? [OPENID_SCOPE, ...scopes] : scopes };
}
