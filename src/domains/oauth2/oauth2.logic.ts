// Pure rules of the OAuth 2.0 provider: token prefixes, lifetimes, which scopes an app can be granted, and the
// authorization-server metadata that tells OAuth clients all this.
import { GRANT_TYPES, TOKEN_ENDPOINT_AUTH_METHODS } from '../../contracts/oauth2-fields';
import { ID_TOKEN_SIGNING_ALGORITHM } from '../../contracts/oauth2-id-token';
import type { AuthorizationServerMetadata } from '../../contracts/oauth2-server-metadata';
import { SCOPES, type Scope } from '../../contracts/scopes';

export const OAUTH2_PREFIXES = {
  clientId: 'bursar_ci_',
  clientSecret: 'bursar_cs_',
  authorizationCode: 'bursar_ac_',
  accessToken: 'bursar_at_o_',
  refreshToken: 'bursar_rt_o_',
} as const;

export const OAUTH2_ACCESS_TOKEN_PREFIX = OAUTH2_PREFIXES.accessToken;

export const OAUTH2_LIFETIMES_SECONDS = {
  authorizationCode: 10 * 60,
  accessToken: 60 * 60,
  refreshToken: 30 * 24 * 60 * 60,
} as const;

/** The sub-type of every grant: apps act for organizations (Bursar has no user accounts to act for). */
export const SUB_TYPE = 'organization';

/** Managing tokens stays with the organization's own tokens (as in the reference): no app can be granted it. */
export const OAUTH2_SCOPES: readonly Scope[] = SCOPES.filter(
  (scope) => !scope.startsWith('organization_access_tokens:'),
);

const isGrantable = (scope: string): scope is Scope => (OAUTH2_SCOPES as readonly string[]).includes(scope);

/**
 * OpenID Connect's scope: it makes the request an OpenID Connect one, and any client may ask for it beside the API
 * scopes (it reads nothing). The ID token comes with every grant anyway, since the older published clients require one.
 */
export const OPENID_SCOPE = 'openid';

/**
 * Scopes registration drops rather than refuse the client, as the reference's client SDK registers clients with all of
 * them by default: `openid`, which every client may ask for unregistered, and the reference's scopes that mean nothing
 * here (no user accounts, no notifications).
 */
export const REFERENCE_ONLY_SCOPES: readonly string[] = [
  'openid',
  'profile',
  'email',
  'user:read',
  'user:write',
  'notifications:read',
  'notifications:write',
  'notification_recipients:read',
  'notification_recipients:write',
];

/** Space-separated scopes as a list: the unknown and ungrantable ones apart, so they can be named in a refusal. */
export function parseScopes(value: string): { scopes: Scope[]; unknown: string[] } {
  const words = [...new Set(value.split(' ').filter(Boolean))];
  return { scopes: words.filter(isGrantable), unknown: words.filter((word) => !isGrantable(word)) };
}

/** An authorization request's scopes: `openid` apart from the API scopes, which are what the consent grants. */
export function parseRequestedScopes(value: string): { scopes: Scope[]; openid: boolean; unknown: string[] } {
  const { scopes, unknown } = parseScopes(value);
  return { scopes, openid: unknown.includes(OPENID_SCOPE), unknown: unknown.filter((scope) => scope !== OPENID_SCOPE) };
}

/** Whether a grant to a client may carry `scope`: one of the client's, or `openid`. */
export const withinClientScopes = (scope: string, client: readonly string[]): boolean =>
  scope === OPENID_SCOPE || client.includes(scope);

export const scopeString = (scopes: readonly string[]): string => scopes.join(' ');

/** What a grant may carry: asked for, allowed to the client, and held by the organization's consenting token. */
export function grantableScopes(
  requested: readonly string[],
  client: readonly string[],
  consenting: ReadonlySet<string>,
): { granted: string[]; refused: string[] } {
  const allowed = (scope: string) => client.includes(scope) && consenting.has(scope);
  return { granted: requested.filter(allowed), refused: requested.filter((scope) => !allowed(scope)) };
}

/** The hosts plain http may name: an app on the user's own machine listening on loopback (RFC 8252 §7.3, §8.3). */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Why `uri` (an absolute http(s) URI) cannot be a client's redirect URI, or null. Redirect URIs are matched exactly
 * (RFC 9700 §2.1), so the URI itself must be safe: no fragment (RFC 6749 §3.1.2), no userinfo to disguise its host,
 * no wildcard host, and https unless it names loopback.
 */
export function redirectUriFault(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URI';
  }
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(uri)?.[1] ?? '';
  if (uri.includes('#')) return 'must not contain a fragment (RFC 6749 section 3.1.2)';
  if (authority.includes('@') || url.username || url.password)
    return 'must not contain user information (user:password@)';
  if (authority.includes('*') || url.hostname.includes('*'))
    return 'must name one host, not a wildcard (RFC 9700: exact redirect URIs)';
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return 'must use https; plain http only to a loopback host: 127.0.0.1, [::1] or localhost (RFC 8252 section 7.3)';
  }
  return null;
}

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
