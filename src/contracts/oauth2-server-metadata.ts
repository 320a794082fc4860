// The authorization server's metadata (RFC 8414, OpenID Connect Discovery): what this server supports.
import { z } from 'zod';
import { GRANT_TYPES, TOKEN_ENDPOINT_AUTH_METHODS } from './oauth2-fields';
import { ID_TOKEN_SIGNING_ALGORITHM } from './oauth2-id-token';

/**
 * Authorization-server metadata (RFC 8414, and OpenID Connect Discovery's members), served at both well-known paths:
 * only what this server does. No registration_endpoint, as registering takes an organization's token.
 */
export const AuthorizationServerMetadata = z
  .object({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    token_endpoint_auth_methods_supported: z.array(z.enum(TOKEN_ENDPOINT_AUTH_METHODS)),
    introspection_endpoint: z.string(),
    introspection_endpoint_auth_methods_supported: z.array(z.enum(TOKEN_ENDPOINT_AUTH_METHODS)),
    revocation_endpoint: z.string(),
    revocation_endpoint_auth_methods_supported: z.array(z.enum(TOKEN_ENDPOINT_AUTH_METHODS)),
    userinfo_endpoint: z.string(),
    jwks_uri: z.string(),
    id_token_signing_alg_values_supported: z.array(z.literal(ID_TOKEN_SIGNING_ALGORITHM)),
    /** Every app is told the same `sub` for an organization: its id. */
    subject_types_supported: z.array(z.literal('public')),
    scopes_supported: z.array(z.string()),
    response_types_supported: z.array(z.literal('code')),
    response_modes_supported: z.array(z.literal('query')),
    grant_types_supported: z.array(z.enum(GRANT_TYPES)),
    code_challenge_methods_supported: z.array(z.literal('S256')),
  })
  .meta({ id: 'AuthorizationServerMetadata' });
export type AuthorizationServerMetadata = z.infer<typeof AuthorizationServerMetadata>;
