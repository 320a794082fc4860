// The credentials the auth matrix tries on every route with a token, by the route's audience, and what each must get.
// New kinds of tokens (member sessions) join by adding entries here.
import { SCOPES, type Scope } from '../../src/contracts/scopes';
import { CUSTOMER_SESSION_TOKEN_PREFIX } from '../../src/domains/customer-session';
import { createHash, randomBytes } from 'node:crypto';
import { OAUTH2_SCOPES } from '../../src/domains/oauth2';
import { ORGANIZATION_TOKEN_PREFIX } from '../../src/domains/organization';
import { generateToken } from '../../src/platform/crypto/tokens';
import { inTransaction } from '../../src/platform/database/transaction';
import type { RouteAudience, RouteDefinition } from '../../src/platform/http/route';
import type { TestHarness } from '../support/harness';
import {
  callerOf,
  customerMarksOf,
  openCustomerSession,
  otherEnvironment,
  portalIds,
  type PortalCustomer,
  type Tenant,
} from './tenants';

export interface Credential {
  name: string;
  /** The Authorization header, or undefined for none. */
  authorization(route: RouteDefinition): Promise<string | undefined>;
  /** The status this credential must get; `owner-resource` means 404 on the owner's resource, the owner's own status elsewhere. */
  expected: 401 | 403 | 'owner-resource';
  error?: string;
  /** The scopes the token carries, when not all: a route that takes none of them refuses it (403) before anything else. */
  carries?: readonly string[];
  /**
   * What of the owner this credential must never see in an answer, and whose it is; by default everything of the
   * organization and its customers. Another customer of the same organization may see the organization's own data
   * (its name, its products…), only not the owner customer's.
   */
  marks?: { of: string; marks(): string[] };
  /**
   * A plain member's session of the owner customer: refused (403 NotPermitted) on the routes for the account's owner
   * and billing managers; on those open to every member (`members: 'all'`), treated like another customer.
   */
  member?: true;
}

export type TokenAudience = Exclude<RouteAudience, 'public'>;

/**
 * Every credential that is not a valid token for `owner` in its environment for the route: for an organization route,
 * anything but its access token with the route's scope; for a customer portal route, anything but its main customer's
 * session token (which sees that customer's resources, and nobody else does).
 */
export async function credentialsFor(
  h: TestHarness,
  owner: Tenant,
  stranger: Tenant,
  otherEnvironmentOwner: Tenant,
): Promise<Record<TokenAudience, Credential[]>> {
  const apps = { owner: await appToken(h, owner), stranger: await appToken(h, stranger) };
  return {
    organization: await organizationCredentials(h, owner, stranger, otherEnvironmentOwner, apps),
    customer: await customerCredentials(h, owner, stranger, otherEnvironmentOwner, apps),
  };
}

const fixed = (header: string | undefined) => async () => header;
const unauthorized = { expected: 401 as const, error: 'Unauthorized' };

/** No token, four malformed headers around `token`, and an unknown one of its kind. */
function malformed(token: string, prefix: string): Credential[] {
  return [
    { name: 'no token', authorization: fixed(undefined), ...unauthorized },
    { name: 'malformed: no scheme', authorization: fixed(token), ...unauthorized },
    {
      name: 'malformed: Basic',
      authorization: fixed(`Basic ${Buffer.from(`user:${token}`).toString('base64')}`),
      ...unauthorized,
    },
    {
      name: 'malformed: bad checksum',
      authorization: fixed(`Bearer ${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`),
      ...unauthorized,
    },
    { name: 'malformed: two tokens', authorization: fixed(`Bearer ${token} ${token}`), ...unauthorized },
    { name: 'unknown token', authorization: fixed(`Bearer ${generateToken(prefix)}`), ...unauthorized },
  ];
}

async function organizationCredentials(
  h: TestHarness,
  owner: Tenant,
  stranger: Tenant,
  otherEnvironmentOwner: Tenant,
  apps: Record<'owner' | 'stranger', AppToken>,
): Promise<Credential[]> {
  const revoked = await tokenFor(h, owner, [...SCOPES]);
  expect((await callerOf(h, owner)('DELETE', `/v1/organization-access-tokens/${revoked.id}`)).status).toBe(204);
  const revokedApp = await appToken(h, owner);
  const revocation = await h.request('POST', '/v1/oauth2/revoke', {
    environment: owner.environment,
    json: { token: revokedApp.token, client_id: revokedApp.clientId },
  });
  expect(revocation.status).toBe(200);
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
  return [
    ...malformed(owner.token, ORGANIZATION_TOKEN_PREFIX),
    { name: 'revoked token', authorization: fixed(`Bearer ${revoked.token}`), ...unauthorized },
    {
      name: `the ${otherEnvironment(owner.environment)} environment's token`,
      authorization: fixed(`Bearer ${otherEnvironmentOwner.token}`),
      ...unauthorized,
    },
    {
      name: 'wrong scope',
      authorization: async (route) => `Bearer ${await lacking(route)}`,
      expected: 403,
      error: 'NotPermitted',
    },
    {
      name: "the organization's own customer session token",
      authorization: fixed(`Bearer ${owner.customer.token}`),
      ...unauthorized,
    },
    {
      name: "another organization's token",
      authorization: fixed(`Bearer ${stranger.token}`),
      expected: 'owner-resource',
    },
    { name: 'revoked app token', authorization: fixed(`Bearer ${revokedApp.token}`), ...unauthorized },
    {
      name: 'malformed: app token with a bad checksum',
      authorization: fixed(`Bearer ${apps.owner.token.slice(0, -1)}~`),
      ...unauthorized,
    },
    {
      name: "an app's token another organization granted",
      authorization: fixed(`Bearer ${apps.stranger.token}`),
      expected: 'owner-resource',
      carries: OAUTH2_SCOPES,
    },
  ];
}

interface AppToken {
  token: string;
  clientId: string;
}

/** An app's access token with every scope an app can be granted, through the OAuth flow as an app goes through it. */
async function appToken(h: TestHarness, tenant: Tenant): Promise<AppToken> {
  const call = callerOf(h, tenant);
  const redirect = 'https://app.example.com/callback';
  const scope = OAUTH2_SCOPES.join(' ');
  const client = await call('POST', '/v1/oauth2/register', {
    client_name: 'Auth matrix app',
    redirect_uris: [redirect],
    token_endpoint_auth_method: 'none',
    scope,
  });
  const verifier = randomBytes(32).toString('base64url');
  const request = { client_id: client.body.client_id, response_type: 'code', redirect_uri: redirect, scope };
  const challenge = {
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  };
  const consent = await call('POST', '/v1/oauth2/consent', { ...request, ...challenge, action: 'allow' });
  const code = new URL(consent.body.redirect_uri).searchParams.get('code');
  const exchange = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirect,
    client_id: client.body.client_id,
    code_verifier: verifier,
  };
  const issued = await h.request('POST', '/v1/oauth2/token', { environment: tenant.environment, json: exchange });
  if (issued.status !== 200)
    throw new Error(`App token for ${tenant.id}: ${issued.status} ${JSON.stringify(issued.body)}`);
  return { token: issued.body.access_token, clientId: client.body.client_id };
}

async function customerCredentials(
  h: TestHarness,
  owner: Tenant,
  stranger: Tenant,
  otherEnvironmentOwner: Tenant,
  apps: Record<'owner' | 'stranger', AppToken>,
): Promise<Credential[]> {
  const call = callerOf(h, owner);
  const expired = await openCustomerSession(call, owner.customer.id);
  await h.env[owner.environment].orm.em
    .fork()
    .execute(`update customer_session set expires_at = now() - interval '1 hour' where id = ?`, [expired.id]);
  // Revoked the way a customer signs out of the portal; in SQL if that route is not there (or fails).
  const revoked = await openCustomerSession(call, owner.customer.id);
  const signedOut = await h.request('DELETE', '/v1/customer-portal/customer-session', {
    token: revoked.token,
    environment: owner.environment,
  });
  if (signedOut.status !== 204) {
    console.warn(
      `auth matrix: signing out of the portal answered ${signedOut.status} ${JSON.stringify(signedOut.body)}; revoking in SQL instead`,
    );
    await h.env[owner.environment].orm.em
      .fork()
      .execute(`update customer_session set revoked_at = now() where id = ?`, [revoked.id]);
  }
  /**
   * A customer's token; a fresh one for every write, since a write may well end the session it was sent with
   * (`DELETE /v1/customer-portal/customer-session` does, and its answer is a success).
   */
  const customerToken = (tenant: Tenant, customer: PortalCustomer) => async (route: RouteDefinition) =>
    `Bearer ${route.method === 'get' ? customer.token : (await openCustomerSession(callerOf(h, tenant), customer.id)).token}`;
  // A plain member of the owner customer: it may see the account, never the owner's own rows.
  const member = await call('POST', `/v1/customers/${owner.customer.id}/members`, {
    email: `member-${randomBytes(4).toString('hex')}@example.com`,
  });
  if (member.status !== 201) throw new Error(`Member: ${member.status} ${JSON.stringify(member.body)}`);
  const memberSession = await openCustomerSession(call, owner.customer.id, member.body.id);
  const memberToken = async (route: RouteDefinition) =>
    `Bearer ${route.method === 'get' ? memberSession.token : (await openCustomerSession(call, owner.customer.id, member.body.id)).token}`;
  return [
    ...malformed(owner.customer.token, CUSTOMER_SESSION_TOKEN_PREFIX),
    { name: 'expired customer session token', authorization: fixed(`Bearer ${expired.token}`), ...unauthorized },
    { name: 'revoked customer session token', authorization: fixed(`Bearer ${revoked.token}`), ...unauthorized },
    {
      name: `the ${otherEnvironment(owner.environment)} environment's customer session token`,
      authorization: fixed(`Bearer ${otherEnvironmentOwner.customer.token}`),
      ...unauthorized,
    },
    {
      name: "the organization's own access token (every scope)",
      authorization: fixed(`Bearer ${owner.token}`),
      ...unauthorized,
    },
    {
      name: "an app's access token the organization granted",
      authorization: fixed(`Bearer ${apps.owner.token}`),
      ...unauthorized,
    },
    {
      name: 'another customer of the organization',
      authorization: customerToken(owner, owner.otherCustomer),
      expected: 'owner-resource',
      marks: { of: `customer ${owner.customer.id}`, marks: () => customerMarksOf(owner) },
    },
    {
      name: 'a plain member of the customer',
      authorization: memberToken,
      expected: 'owner-resource',
      member: true,
      marks: { of: `customer ${owner.customer.id}'s own rows`, marks: () => portalIds(owner) },
    },
    {
      name: "another organization's customer",
      authorization: customerToken(stranger, stranger.customer),
      expected: 'owner-resource',
    },
  ];
}

async function tokenFor(h: TestHarness, owner: Tenant, scopes: Scope[]): Promise<{ token: string; id: string }> {
  const context = h.env[owner.environment];
  return inTransaction(context.orm, async ({ em }) => {
    const { token, accessToken } = await context.domains.accessTokens.create(em, owner.id, { scopes });
    return { token, id: accessToken.id };
  });
}
