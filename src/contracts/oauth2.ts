// The OAuth 2.0 provider: client registration by an organization, the authorization request and its consent, the
// token endpoint (authorization code with PKCE, refresh), introspection, revocation and userinfo.
import { z } from 'zod';
import { ListResource, PageQuery, Timestamp, Url, queryOne } from './common';

const uri = Url({ protocol: /^https?$/ }).max(2048);
const text = z.string().trim().min(1).max(255);
/** Space-separated scopes, as OAuth carries them. */
const scopeString = z.string().max(4000);

/** How a client proves itself at the token, introspection and revocation endpoints (RFC 7591 §2). */
export const TOKEN_ENDPOINT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'] as const;
export type TokenEndpointAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

/** The grants the token endpoint issues tokens for. */
export const GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;

export const OAuth2ClientConfiguration = z
  .object({
    redirect_uris: z.array(uri).min(1).max(20),
    token_endpoint_auth_method: z.enum(TOKEN_ENDPOINT_AUTH_METHODS).default('client_secret_post'),
    grant_types: z.array(z.enum(GRANT_TYPES)).min(1).max(2).default(['authorization_code', 'refresh_token']),
    response_types: z.array(z.literal('code')).max(1).default(['code']),
    /** The scopes the client may ask for; by default every scope an OAuth client can be granted. */
    scope: scopeString.nullish(),
    client_name: text,
    client_uri: uri.nullish(),
    logo_uri: uri.nullish(),
    tos_uri: uri.nullish(),
    policy_uri: uri.nullish(),
    default_sub_type: z.literal('organization').nullish(),
  })
  .meta({ id: 'OAuth2ClientConfiguration' });
export type OAuth2ClientConfiguration = z.infer<typeof OAuth2ClientConfiguration>;

export const OAuth2ClientConfigurationUpdate = OAuth2ClientConfiguration.extend({
  client_id: z.string().max(100),
}).meta({
  id: 'OAuth2ClientConfigurationUpdate',
});
export type OAuth2ClientConfigurationUpdate = z.infer<typeof OAuth2ClientConfigurationUpdate>;

export const OAuth2Client = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    client_id: z.string(),
    /** Only in the answer to the registration (and never for a public client): it is stored as a digest. */
    client_secret: z.string().optional(),
    client_id_issued_at: z.int(),
    client_secret_expires_at: z.int(),
    redirect_uris: z.array(z.string()),
    token_endpoint_auth_method: z.string(),
    grant_types: z.array(z.string()),
    response_types: z.array(z.string()),
    scope: z.string(),
    client_name: z.string(),
    client_uri: z.string().nullable(),
    logo_uri: z.string().nullable(),
    tos_uri: z.string().nullable(),
    policy_uri: z.string().nullable(),
    default_sub_type: z.literal('organization'),
  })
  .meta({ id: 'OAuth2Client' });
export type OAuth2Client = z.infer<typeof OAuth2Client>;

export const ClientIdParams = z.object({ client_id: z.string().min(1).max(100) });

const authorizeFields = {
  client_id: z.string().min(1).max(100),
  response_type: z.literal('code'),
  /** Required here (as OAuth 2.1 does), so the code's redirect URI is always the one the token request repeats. */
  redirect_uri: uri,
  scope: scopeString.optional(),
  state: z.string().min(1).max(1000).optional(),
  /** OpenID Connect: echoed in the ID token the code leads to, so the app can tie that token to its request. */
  nonce: z.string().min(1).max(1000).optional(),
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{43,128}$/, '43 to 128 characters of the unreserved set (RFC 7636)')
    .optional(),
  code_challenge_method: z.literal('S256').optional(),
};

/** The authorization request's parameters (RFC 6749 §4.1.1, RFC 7636 §4.3), in the consent's body. */
export const AuthorizeRequest = z.object(authorizeFields);
export type AuthorizeRequest = z.infer<typeof AuthorizeRequest>;

/** The same parameters in a query string (repeated, the last one counts). */
export const AuthorizeQuery = z.object({
  client_id: queryOne(authorizeFields.client_id),
  response_type: queryOne(authorizeFields.response_type),
  redirect_uri: queryOne(authorizeFields.redirect_uri),
  scope: queryOne(authorizeFields.scope),
  state: queryOne(authorizeFields.state),
  nonce: queryOne(authorizeFields.nonce),
  code_challenge: queryOne(authorizeFields.code_challenge),
  code_challenge_method: queryOne(authorizeFields.code_challenge_method),
});

const AuthorizeOrganization = z.object({ id: z.string(), slug: z.string(), avatar_url: z.string().nullable() });

export const AuthorizeResponseOrganization = z
  .object({
    client: z.object({
      created_at: Timestamp,
      modified_at: Timestamp.nullable(),
      client_id: z.string(),
      client_name: z.string().nullable(),
      client_uri: z.string().nullable(),
      logo_uri: z.string().nullable(),
      tos_uri: z.string().nullable(),
      policy_uri: z.string().nullable(),
    }),
    sub_type: z.literal('organization'),
    sub: AuthorizeOrganization.nullable(),
    scopes: z.array(z.string()),
    organizations: z.array(AuthorizeOrganization),
    scope_display_names: z.record(z.string(), z.string()),
  })
  .meta({ id: 'AuthorizeResponseOrganization' });

export const ConsentBody = AuthorizeRequest.extend({ action: z.enum(['allow', 'deny']) }).meta({ id: 'OAuth2Consent' });
export type ConsentBody = z.infer<typeof ConsentBody>;

export const ConsentResponse = z.object({ redirect_uri: z.string() }).meta({ id: 'OAuth2ConsentResponse' });

/** In the body (client_secret_post, or a public client's id alone), or else in an HTTP Basic header. */
const clientCredentials = {
  client_id: z.string().min(1).max(100).optional(),
  client_secret: z.string().max(200).optional(),
};

/**
 * A grant_type the server does not issue tokens for is RFC 6749's unsupported_grant_type, not a malformed request: the
 * token endpoint's refusal tells the two apart by this message.
 */
export const UNSUPPORTED_GRANT_TYPE = `Unsupported grant_type: this server issues tokens for ${GRANT_TYPES.join(' and ')} only`;

export const TokenRequest = z
  .discriminatedUnion(
    'grant_type',
    [
      z.object({
        grant_type: z.literal('authorization_code'),
        code: z.string().min(1).max(200),
        redirect_uri: uri.optional(),
        code_verifier: z.string().min(43).max(128).optional(),
        ...clientCredentials,
      }),
      z.object({
        grant_type: z.literal('refresh_token'),
        refresh_token: z.string().min(1).max(200),
        scope: scopeString.optional(),
        ...clientCredentials,
      }),
    ],
    {
      error: (issue) => {
        const grantType = (issue.input as { grant_type?: unknown } | undefined)?.grant_type;
        return issue.code === 'invalid_union' && typeof grantType === 'string' && grantType !== ''
          ? UNSUPPORTED_GRANT_TYPE
          : undefined;
      },
    },
  )
  .meta({ id: 'Oauth2RequestTokenRequestBody' });
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.int(),
    refresh_token: z.string().optional(),
    scope: z.string(),
    /** An OpenID Connect ID token (a JWT, RS256), with every grant: the older published clients require one. */
    id_token: z.string(),
  })
  .meta({ id: 'TokenResponse' });

const tokenTypeHint = z.enum(['access_token', 'refresh_token']).optional();

export const IntrospectTokenRequest = z
  .object({ token: z.string().min(1).max(200), token_type_hint: tokenTypeHint, ...clientCredentials })
  .meta({ id: 'IntrospectTokenRequest' });
export type IntrospectTokenRequest = z.infer<typeof IntrospectTokenRequest>;

export const IntrospectTokenResponse = z
  .union([
    z.object({
      active: z.literal(true),
      client_id: z.string(),
      token_type: z.enum(['access_token', 'refresh_token']),
      scope: z.string(),
      sub_type: z.literal('organization'),
      sub: z.string(),
      organizations: z.array(z.string()),
      aud: z.string(),
      iss: z.string(),
      exp: z.int(),
      iat: z.int(),
    }),
    z.object({ active: z.literal(false) }),
  ])
  .meta({ id: 'IntrospectTokenResponse' });

export const RevokeTokenRequest = z
  .object({ token: z.string().min(1).max(200), token_type_hint: tokenTypeHint, ...clientCredentials })
  .meta({ id: 'RevokeTokenRequest' });
export type RevokeTokenRequest = z.infer<typeof RevokeTokenRequest>;

/** Access an organization granted an app: live until the organization (or the app) revokes it. */
export const OAuth2Grant = z
  .object({
    id: z.string(),
    client_id: z.string(),
    client_name: z.string(),
    scopes: z.array(z.string()),
    created_at: Timestamp,
  })
  .meta({ id: 'OAuth2Grant' });
export const OAuth2GrantList = ListResource(OAuth2Grant).meta({ id: 'ListResource_OAuth2Grant_' });
export const OAuth2GrantListQuery = z.object({ ...PageQuery });

export const UserInfoOrganization = z
  .object({ sub: z.string(), name: z.string() })
  .meta({ id: 'UserInfoOrganization' });

/** The JWS algorithm of ID tokens. */
export const ID_TOKEN_SIGNING_ALGORITHM = 'RS256';

/** A public key ID tokens are signed with (RFC 7517). */
export const JsonWebKey = z
  .object({
    kty: z.literal('RSA'),
    n: z.string(),
    e: z.string(),
    kid: z.string(),
    alg: z.literal(ID_TOKEN_SIGNING_ALGORITHM),
    use: z.literal('sig'),
  })
  .meta({ id: 'JsonWebKey' });

export const JsonWebKeySet = z.object({ keys: z.array(JsonWebKey) }).meta({ id: 'JsonWebKeySet' });
export type JsonWebKeySet = z.infer<typeof JsonWebKeySet>;

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
