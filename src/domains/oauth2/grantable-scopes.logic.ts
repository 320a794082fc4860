// Pure rules of which scopes an app can be granted: the API's but managing tokens, `openid` beside them, and those
// registration drops; space-separated scopes parsed into these.
import { SCOPES, type Scope } from '../../contracts/scopes';

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

export const scopeString = (scopes: readonly string[]): string => scopes.join(' ');
