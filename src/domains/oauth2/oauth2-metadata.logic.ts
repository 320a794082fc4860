// The authorization server's endpoints and the RFC 8414 metadata document that tells OAuth clients about them.
import { GRANT_TYPES, TOKEN_ENDPOINT_AUTH_METHODS } from '../../contracts/oauth2-fields';
import { ID_TOKEN_SIGNING_ALGORITHM } from '../../contracts/oauth2-id-token';
import { type AuthorizationServerMetadata } from '../../contracts/oauth2-server-metadata';
import { OAUTH2_SCOPES, OPENID_SCOPE } from './grantable-scopes.logic';

/** The endpoints the metadata names (the routes are declared at these paths). */
export const OAUTH2_PATHS = {
  authorize: '/v1/oauth2/authorize',
  token: '/v1/oauth2/token',
  introspect: '/v1/oauth2/introspect',
  revoke: '/v1/oauth2/revoke',
  userinfo: '/v1/oauth2/userinfo',
  jwks: '/v1/oauth2/jwks',
} as const;

/**
 * RFC 8414's document, at the issuer (the environment's public URL, which the client discovers from). The authorization
 * endpoint is the one the consenting organization's backend reads the request from, with its own token (no hosted page).
 */
export function authorizationServerMetadata(issuer: string): AuthorizationServerMetadata {
  const at = (path: string) => `${issuer}${path}`;
  const withSecret = TOKEN_ENDPOINT_AUTH_METHODS.filter((method) => method !== 'none'); // introspection is for confidential clients
  return {
    issuer,
    authorization_endpoint: at(OAUTH2_PATHS.authorize),
    token_endpoint: at(OAUTH2_PATHS.token),
    token_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    introspection_endpoint: at(OAUTH2_PATHS.introspect),
    introspection_endpoint_auth_methods_supported: withSecret,
    revocation_endpoint: at(OAUTH2_PATHS.revoke),
    revocation_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    userinfo_endpoint: at(OAUTH2_PATHS.userinfo),
    jwks_uri: at(OAUTH2_PATHS.jwks),
    id_token_signing_alg_values_supported: [ID_TOKEN_SIGNING_ALGORITHM],
    subject_types_supported: ['public'],
    scopes_supported: [OPENID_SCOPE, ...OAUTH2_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: [...GRANT_TYPES],
    code_challenge_methods_supported: ['S256'],
  };
}
