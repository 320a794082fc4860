// Pure rules of what one grant carries: within the client's scopes (or `openid`), and held by the consenting token.
import { OPENID_SCOPE } from './grantable-scopes.logic';

/** Whether a grant to a client may carry `scope`: one of the client's, or `openid`. */
export const withinClientScopes = (scope: string, client: readonly string[]): boolean =>
  scope === OPENID_SCOPE || client.includes(scope);

/** What a grant may carry: asked for, allowed to the client, and held by the organization's consenting token. */
export function grantableScopes(
  requested: readonly string[],
  client: readonly string[],
  consenting: ReadonlySet<string>,
): { granted: string[]; refused: string[] } {
  const allowed = (scope: string) => client.includes(scope) && consenting.has(scope);
  return { granted: requested.filter(allowed), refused: requested.filter((scope) => !allowed(scope)) };
}
