// A client's configuration as registration or an update gives it: redirect URIs checked, scopes parsed (the reference's
// own dropped), duplicates removed.
import type { OAuth2ClientConfiguration } from '../../contracts/oauth2-client-configuration';
import { invalidField } from '../../kernel/errors';
import { OAuthError } from './oauth2.errors';
import { OAUTH2_SCOPES, parseScopes, REFERENCE_ONLY_SCOPES, scopeString } from './grantable-scopes.logic';
import { redirectUriFault } from './redirect-uri.logic';

export function clientConfiguration(body: OAuth2ClientConfiguration) {
  body.redirect_uris.forEach((uri, index) => {
    const fault = redirectUriFault(uri);
    if (fault) throw new OAuthError('invalid_redirect_uri', `redirect_uris[${index}] ${fault}.`);
  });
  const { scopes, unknown } = parseScopes(body.scope ?? scopeString(OAUTH2_SCOPES));
  const refused = unknown.filter((scope) => !REFERENCE_ONLY_SCOPES.includes(scope));
  if (refused.length)
    throw invalidField(['body', 'scope'], `Scopes an OAuth2 client cannot be granted: ${refused.join(', ')}.`);
  if (!scopes.length) throw invalidField(['body', 'scope'], 'At least one scope.');
  return {
    clientName: body.client_name,
    redirectUris: [...new Set(body.redirect_uris)],
    tokenEndpointAuthMethod: body.token_endpoint_auth_method,
    grantTypes: [...new Set(body.grant_types)],
    scopes,
    clientUri: body.client_uri ?? null,
    logoUri: body.logo_uri ?? null,
    tosUri: body.tos_uri ?? null,
    policyUri: body.policy_uri ?? null,
  };
}
