// Pure rules of the OAuth 2.0 provider: token prefixes, lifetimes, and which scopes an app can be granted.
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
export const OAUTH2_SCOPES: readonly Scope[] = SCOPES.filter((scope) => !scope.startsWith('organization_access_tokens:'));

const isGrantable = (scope: string): scope is Scope => (OAUTH2_SCOPES as readonly string[]).includes(scope);

/**
 * The reference's scopes that mean nothing here (no user accounts, no OpenID Connect, no notifications). Its client
 * SDK registers clients with all of them by default, so registration drops them rather than refuse the client.
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
