// The credentials the auth matrix tries on every route, and what each must get. New kinds of tokens (customer
// sessions, OAuth) join by adding an entry here.
import { SCOPES, type Scope } from '../../src/contracts/scopes';
import { ORGANIZATION_TOKEN_PREFIX } from '../../src/domains/organization';
import { generateToken } from '../../src/platform/crypto/tokens';
import { inTransaction } from '../../src/platform/database/transaction';
import type { RouteDefinition } from '../../src/platform/http/route';
import type { TestHarness } from '../support/harness';
import { otherEnvironment, type Tenant } from './tenants';

export interface Credential {
  name: string;
  /** The Authorization header, or undefined for none. */
  authorization(route: RouteDefinition): Promise<string | undefined>;
  /** The status this credential must get; `owner-resource` means 404 on the owner's resource, the owner's own status elsewhere. */
  expected: 401 | 403 | 'owner-resource';
  error?: string;
}

/** Every credential that is not a valid token for `owner` in its environment with the route's scope. */
export async function credentialsFor(h: TestHarness, owner: Tenant, stranger: Tenant, otherEnvironmentOwner: Tenant): Promise<Credential[]> {
  // The organization domain has no revocation yet; its column is set directly.
  const revoked = await tokenFor(h, owner, [...SCOPES]);
  await h.env[owner.environment].orm.em.fork().execute(`update organization_access_token set revoked_at = now() where id = ?`, [revoked.id]);
  const withoutScopes = new Map<string, Promise<string>>();
  const lacking = (route: RouteDefinition) => {
    const key = [...(route.scopes ?? [])].sort().join(',');
    if (!withoutScopes.has(key))
      withoutScopes.set(
        key,
        tokenFor(
          h,
          owner,
          SCOPES.filter((scope) => !route.scopes?.includes(scope)),
        ).then((t) => t.token),
      );
    return withoutScopes.get(key)!;
  };
  const fixed = (header: string | undefined) => async () => header;
  const unauthorized = { expected: 401 as const, error: 'Unauthorized' };
  return [
    { name: 'no token', authorization: fixed(undefined), ...unauthorized },
    { name: 'malformed: no scheme', authorization: fixed(owner.token), ...unauthorized },
    { name: 'malformed: Basic', authorization: fixed(`Basic ${Buffer.from(`user:${owner.token}`).toString('base64')}`), ...unauthorized },
    { name: 'malformed: bad checksum', authorization: fixed(`Bearer ${owner.token.slice(0, -1)}${owner.token.endsWith('A') ? 'B' : 'A'}`), ...unauthorized },
    { name: 'malformed: two tokens', authorization: fixed(`Bearer ${owner.token} ${owner.token}`), ...unauthorized },
    { name: 'unknown token', authorization: fixed(`Bearer ${generateToken(ORGANIZATION_TOKEN_PREFIX)}`), ...unauthorized },
    { name: 'revoked token', authorization: fixed(`Bearer ${revoked.token}`), ...unauthorized },
    { name: `the ${otherEnvironment(owner.environment)} environment's token`, authorization: fixed(`Bearer ${otherEnvironmentOwner.token}`), ...unauthorized },
    { name: 'wrong scope', authorization: async (route) => `Bearer ${await lacking(route)}`, expected: 403, error: 'NotPermitted' },
    { name: "another organization's token", authorization: fixed(`Bearer ${stranger.token}`), expected: 'owner-resource' },
  ];
}

async function tokenFor(h: TestHarness, owner: Tenant, scopes: Scope[]): Promise<{ token: string; id: string }> {
  const context = h.env[owner.environment];
  return inTransaction(context.orm, async ({ em }) => {
    const { token, accessToken } = await context.domains.organizations.createAccessToken(em, { organizationId: owner.id, scopes });
    return { token, id: accessToken.id };
  });
}
