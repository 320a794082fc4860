// The auth matrix: every route × both environments × every credential that must not pass, by the route's audience.
// Organization routes: none, malformed, unknown, revoked, the other environment's, a token without the route's scope,
// the organization's own customer session token, another organization's token on this organization's resource.
// Customer portal routes: none, malformed, unknown, expired, revoked, the other environment's customer token, the
// organization's own access token, and another customer (of this organization or another) on the owner customer's
// resource. Public routes: a wrong secret or signature. Each answer must have the expected status and error body,
// carry nothing of the organization (or customer) it was refused, and change none of the organization's rows.
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { ErrorBody } from '../../src/contracts/error-body';
import type { Environment } from '../../src/platform/config';
import type { z } from 'zod';
import type { RouteDefinition } from '../../src/platform/http/route';
import { startHarness, type TestHarness } from '../support/harness';
import { credentialsFor, type Credential, type TokenAudience } from './credentials';
import { changedTables, orgStateReader, type OrgStateReader } from './org-state';
import { send, type RawRequest, type RawResponse } from './send';
import {
  ENVIRONMENTS,
  allIds,
  collectionOf,
  createTenant,
  harvest,
  marksOf,
  otherEnvironment,
  tokenOf,
  type Tenant,
} from './tenants';
import { queryString } from './route-cases';
import { arbitraryOf } from './zod-arbitrary';

/**
 * Public routes whose credential is in the body rather than a secret in the path: a signature over it, or a license
 * key (the generated body carries an unknown one).
 */
const SIGNED_PUBLIC_ROUTES: Record<string, { refused: number; error?: string; signatures: Record<string, string>[] }> =
  {
    'POST /v1/integrations/stripe/webhook': {
      refused: 400,
      signatures: [{}, { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }],
    },
    ...Object.fromEntries(
      ['validate', 'activate', 'deactivate', 'token'].map((action) => [
        `POST /v1/customer-portal/license-keys/${action}`,
        { refused: 404, signatures: [{}] },
      ]),
    ),
    /** A leak report is signed by the program's ECDSA key (none configured here, so any signature is refused). */
    'POST /v1/secret-scanning/report': {
      refused: 401,
      error: 'Unauthorized',
      signatures: [
        {},
        {
          'github-public-key-identifier': 'f'.repeat(64),
          'github-public-key-signature': Buffer.from('not a signature').toString('base64'),
        },
      ],
    },
    /** A download link is its own credential: an HMAC over the downloadable and the link's expiry, in the path. */
    'GET /v1/customer-portal/downloadables/:token': { refused: 400, signatures: [{}] },
    /** A pay link is its own credential: an HMAC over the order and the link's expiry, in the path. */
    'GET /v1/customer-portal/pay-links/:token': { refused: 404, signatures: [{}] },
    'POST /v1/customer-portal/pay-links/:token/confirm': { refused: 404, signatures: [{}] },
    /** OAuth's client endpoints: the client's id (and secret) in the body is the credential (the generated one is nobody's). */
    ...Object.fromEntries(
      ['token', 'introspect', 'revoke'].map((action) => [
        `POST /v1/oauth2/${action}`,
        { refused: 401, error: 'invalid_client', signatures: [{}] },
      ]),
    ),
    /** The e-mailed login code is the credential (the generated body carries a code nobody was sent). */
    'POST /v1/customer-portal/customer-session/authenticate': { refused: 401, error: 'Unauthorized', signatures: [{}] },
    /** A seat invitation's token is the credential (the generated one was never e-mailed). */
    'GET /v1/customer-seats/claim/:invitation_token': {
      refused: 400,
      error: 'SeatInvitationExpired',
      signatures: [{}],
    },
    'POST /v1/customer-seats/claim': { refused: 400, error: 'SeatInvitationExpired', signatures: [{}] },
  };

/**
 * Public by design, no credential at all (the fuzzer still covers them): an organization's license-token public keys,
 * the public keys that verify ID tokens, the request for a login code, answered 202 for any address whether or not
 * it is a customer's, so it reveals nothing (the code goes to the customer's own mailbox), and the portal's
 * organization with its public products.
 */
const OPEN_PUBLIC_ROUTES = new Set([
  'GET /v1/organizations/:organization_id/license-public-keys',
  'GET /v1/oauth2/jwks',
  'POST /v1/customer-portal/customer-session/request',
  'GET /v1/customer-portal/organizations/:slug',
]);

let h: TestHarness;
const seenCredentials = new Set<string>();
const owners = {} as Record<Environment, Tenant>;
const strangers = {} as Record<Environment, Tenant>;

beforeAll(async () => {
  h = await startHarness({ STRIPE_WEBHOOK_SECRET: 'whsec_auth_matrix' });
  for (const environment of ENVIRONMENTS) {
    await h.startWorker(environment);
    owners[environment] = await createTenant(h, environment);
    strangers[environment] = await createTenant(h, environment, { subscription: false });
  }
  for (const tenant of Object.values(owners)) await harvest(h, tenant, h.env.production.domains.routes);
}, 120_000);
afterAll(() => h?.close());

interface Outcome {
  cases: number;
  failures: string[];
  /** Routes with an id whose owner (organization, or portal customer) has no resource to aim at. */
  notApplicable: Set<string>;
}

test('every route × both environments × every credential that must be refused', async () => {
  // FUZZ_ROUTE: only the routes whose "METHOD /path" contains it (or one of several, separated by `|`).
  const only = process.env.FUZZ_ROUTE?.split('|');
  const routes = h.env.production.domains.routes.filter(
    (route) => !only || only.some((part) => `${route.method.toUpperCase()} ${route.path}`.includes(part)),
  );
  const outcome: Outcome = { cases: 0, failures: [], notApplicable: new Set() };
  for (const environment of ENVIRONMENTS) {
    const owner = owners[environment];
    const credentials = await credentialsFor(h, owner, strangers[environment], owners[otherEnvironment(environment)]);
    const state = await orgStateReader(h.env[environment]);
    await state.settle(owner.id); // the fixtures' background work
    for (const route of routes) {
      if (route.audience === 'public')
        await publicRoute(route, owner, owners[otherEnvironment(environment)], state, outcome);
      else if (isTokenAudience(route.audience))
        await tokenRoute(route, owner, credentials[route.audience], state, outcome);
      else
        outcome.failures.push(
          `${label(route)}: audience ${String(route.audience)} has no credentials in credentials.ts`,
        );
    }
  }
  const count = (audience: string) => routes.filter((r) => r.audience === audience).length;
  console.log(
    `auth matrix: ${routes.length} routes (${count('organization')} organization, ${count('customer')} customer, ${count('public')} public) × ${ENVIRONMENTS.length} environments, ` +
      `${outcome.cases} cases, ${outcome.failures.length} failures` +
      (outcome.notApplicable.size
        ? `; ${outcome.notApplicable.size} not applicable (no resource of the organization or its customer to aim at: ${[...outcome.notApplicable].join(', ')})`
        : ''),
  );
  if (outcome.failures.length)
    throw new Error(`${outcome.failures.length} auth matrix failures:\n${outcome.failures.join('\n')}`);
}, 300_000);

async function tokenRoute(
  route: RouteDefinition,
  owner: Tenant,
  credentials: Credential[],
  state: OrgStateReader,
  outcome: Outcome,
) {
  const { requests, ownResource } = requestsFor(route, owner);
  for (const credential of withinBudget(route, credentials)) {
    const name = `${owner.environment} ${label(route)} [${credential.name}]`;
    const refusedMember = credential.member && route.members !== 'all';
    if (credential.expected === 'owner-resource' && !refusedMember && route.path.includes(':') && !ownResource) {
      outcome.notApplicable.add(`${owner.environment} ${label(route)}`);
      continue;
    }
    const authorization = await credential.authorization(route);
    // A credential not seen before may have been made just now (a session, a token lacking a scope): new rows.
    if (authorization && !seenCredentials.has(authorization)) state.forget(owner.id);
    if (authorization) seenCredentials.add(authorization);
    const expected = await expectedStatus(route, credential, requests[0], owner);
    // A body the contract accepts may still fail the handler's own checks (422) before the lookup: try the next one.
    let sent: RawRequest | undefined;
    let watched: Awaited<ReturnType<typeof sendWatching>> | undefined;
    for (const request of requests) {
      sent = { ...request, headers: { ...request.headers, ...(authorization && { authorization }) } };
      watched = await sendWatching(sent, owner, state);
      if (watched.response.status !== 422 || expected === 422) break;
    }
    const { response, changed } = watched!;
    outcome.cases++;
    const problems = [
      ...statusProblems(response, expected, credential.error ?? defaultError(expected, refusedMember)),
      ...leaks(response, sent!, credential.marks ?? { of: `organization ${owner.id}`, marks: () => marksOf(owner) }),
      ...(response.status >= 400 && changed.length ? [`the refusal changed ${changed.join(', ')}`] : []),
    ];
    if (problems.length)
      outcome.failures.push(
        `${name}: ${problems.join('; ')}\n    ${sent!.method} ${sent!.url} ${sent!.body ?? ''} → ${response.status} ${response.text.slice(0, 300)}`,
      );
  }
}

const defaultError = (status: number | 'below 500', refusedMember?: boolean) =>
  status === 404 ? 'ResourceNotFound' : refusedMember ? 'NotPermitted' : undefined;

/**
 * 401/403 as the credential says (a plain member: 403 on the routes for owners and billing managers); another organization's token (or, on a portal route, another customer's) gets a
 * 404 on the owner's resource, the status the owner itself gets on a list, and anything but a 5xx on a create (its
 * body may well be valid for the other one too; what it must not do is reveal or touch the owner's).
 */
async function expectedStatus(
  route: RouteDefinition,
  credential: Credential,
  request: RawRequest,
  owner: Tenant,
): Promise<number | 'below 500'> {
  if (credential.carries && !route.scopes?.some((scope) => credential.carries!.includes(scope))) return 403;
  if (credential.member && route.members !== 'all') return 403;
  if (credential.expected !== 'owner-resource') return credential.expected;
  if (route.path.includes(':')) return 404;
  if (route.method !== 'get') return 'below 500';
  return (
    await send(h, {
      ...request,
      headers: { ...request.headers, authorization: `Bearer ${tokenOf(owner, route.audience)}` },
    })
  ).status;
}

async function publicRoute(
  route: RouteDefinition,
  owner: Tenant,
  otherEnvironmentOwner: Tenant,
  state: OrgStateReader,
  outcome: Outcome,
) {
  const signed = SIGNED_PUBLIC_ROUTES[label(route)];
  if (OPEN_PUBLIC_ROUTES.has(label(route))) return;
  if (!route.path.includes(':client_secret') && !signed) {
    outcome.failures.push(
      `${label(route)}: a public route with neither a secret in its path nor an entry in SIGNED_PUBLIC_ROUTES`,
    );
    return;
  }
  const [request] = requestsFor(route, owner).requests;
  const variants: [string, RawRequest][] = signed
    ? signed.signatures.map((headers) => [
        `signature ${JSON.stringify(headers)}`,
        { ...request, headers: { ...request.headers, ...headers } },
      ])
    : [
        ['unknown secret', withSecret(request, route, `bursar_${randomBytes(24).toString('hex')}`)],
        ...otherEnvironmentOwner.clientSecrets.map((secret): [string, RawRequest] => [
          `the ${otherEnvironmentOwner.environment} environment's secret`,
          withSecret(request, route, secret),
        ]),
        [
          'unknown secret with a valid token',
          {
            ...withSecret(request, route, `bursar_${randomBytes(24).toString('hex')}`),
            headers: { ...request.headers, authorization: `Bearer ${owner.token}` },
          },
        ],
      ];
  for (const [variant, sent] of variants) {
    const { response, changed } = await sendWatching(sent, owner, state);
    outcome.cases++;
    const problems = [
      ...statusProblems(response, signed?.refused ?? 404, signed ? signed.error : 'ResourceNotFound'),
      ...leaks(response, sent, { of: `organization ${owner.id}`, marks: () => marksOf(owner) }),
      ...(changed.length ? [`the refusal changed ${changed.join(', ')}`] : []),
    ];
    if (problems.length)
      outcome.failures.push(
        `${owner.environment} ${label(route)} [${variant}]: ${problems.join('; ')}\n    ${sent.method} ${sent.url} → ${response.status} ${response.text.slice(0, 300)}`,
      );
  }
}

/**
 * Requests the route would accept from the organization itself: its own resource in the path and, when the route
 * takes a body, up to 10 bodies its contract accepts, shortest first (the likeliest to pass the handler's checks too).
 */
function requestsFor(route: RouteDefinition, owner: Tenant): { requests: RawRequest[]; ownResource: boolean } {
  const ownId = owner.ids.get(collectionOf(route.path))?.[0];
  let url = route.path
    .replace(':id', ownId ?? '00000000-0000-4000-8000-000000000000')
    .replace(':client_id', ownId ?? 'bursar_ci_none')
    .replace(':client_secret', owner.clientSecrets[0] ?? 'none');
  // Any other parameter of a route with a token (`:activation_id`…) gets a value its contract accepts.
  const shape = ((route.params as z.ZodObject | undefined)?.shape ?? {}) as Record<string, z.ZodType>;
  for (const [, name] of route.audience === 'public' ? [] : url.matchAll(/:(\w+)/g)) {
    if (!shape[name]) continue;
    const [value] = fc.sample(arbitraryOf(shape[name], { ids: allIds(owner), organizationId: owner.id }), {
      seed: 42,
      numRuns: 1,
    });
    url = url.replace(`:${name}`, encodeURIComponent(String(value)));
  }
  const request: RawRequest = { environment: owner.environment, method: route.method.toUpperCase(), url, headers: {} };
  if (!route.body)
    return {
      requests: requiredQueries(route).map((query) => ({ ...request, url: `${url}${query}` })),
      ownResource: ownId !== undefined,
    };
  const schema = route.body;
  const candidates = fc.sample(arbitraryOf(schema, { ids: allIds(owner), organizationId: owner.id }), {
    seed: 42,
    numRuns: 100,
  });
  const valid = [
    ...new Set(
      candidates
        .filter((candidate) => schema.safeParse(candidate).success)
        .map((candidate) => JSON.stringify(candidate)),
    ),
  ];
  const bodies = valid.length
    ? valid.sort((a, b) => a.length - b.length).slice(0, 10)
    : [JSON.stringify(candidates[0])];
  return {
    requests: bodies.map((body) => ({ ...request, headers: { 'content-type': 'application/json' }, body })),
    ownResource: ownId !== undefined,
  };
}

/** A route whose query has required parameters (meter quantities' range) gets queries its contract accepts; others none. */
function requiredQueries(route: RouteDefinition): string[] {
  const schema = route.query as z.ZodType | undefined;
  if (!schema || schema.safeParse({}).success) return [''];
  const candidates = fc.sample(arbitraryOf(schema, { ids: [], organizationId: '' }), {
    seed: 42,
    numRuns: 300,
  }) as Record<string, unknown>[];
  const valid = candidates.filter((candidate) => schema.safeParse(candidate).success).slice(0, 10);
  return valid.length ? valid.map((query) => `?${queryString(query)}`) : [''];
}

function withSecret(request: RawRequest, route: RouteDefinition, secret: string): RawRequest {
  return { ...request, url: route.path.replace(':client_secret', encodeURIComponent(secret)) };
}

async function sendWatching(
  request: RawRequest,
  owner: Tenant,
  state: OrgStateReader,
): Promise<{ response: RawResponse; changed: string[] }> {
  const { response, before, after } = await state.watch(owner.id, () => send(h, request));
  return { response, changed: after ? changedTables(before, after) : [] };
}

function statusProblems(response: RawResponse, expected: number | 'below 500', error: string | undefined): string[] {
  if (expected === 'below 500')
    return response.status < 500 && response.status > 0 ? [] : [`expected a status below 500, got ${response.status}`];
  if (response.status !== expected) return [`expected ${expected}, got ${response.status}`];
  if (expected < 400) return [];
  const body = ErrorBody.safeParse(response.json);
  if (!body.success) return [`the ${expected} body is not an ErrorBody`];
  return error && body.data.error !== error ? [`expected error ${error}, got ${body.data.error}`] : [];
}

/** Anything of the owner (organization or customer) in an answer it did not authorize, beyond what the request itself carried. */
function leaks(response: RawResponse, request: RawRequest, owner: NonNullable<Credential['marks']>): string[] {
  const sent = `${request.url} ${request.body ?? ''} ${JSON.stringify(request.headers)}`;
  const leaked = owner.marks().filter((mark) => response.text.includes(mark) && !sent.includes(mark));
  return leaked.length ? [`the answer reveals ${leaked.join(', ')} of ${owner.of}`] : [];
}

/**
 * The malformed headers are refused by one authentication step, whatever the route: in the suite each route gets one
 * of them in turn (so every one meets many routes); `FUZZ_DEPTH=full` (`./run fuzz`) sends every one to every route.
 */
function withinBudget(route: RouteDefinition, credentials: Credential[]): Credential[] {
  if (process.env.FUZZ_DEPTH === 'full') return credentials;
  const malformed = credentials.filter((credential) => credential.name.startsWith('malformed'));
  const chosen = malformed[routeIndex(route) % malformed.length];
  return credentials.filter((credential) => !credential.name.startsWith('malformed') || credential === chosen);
}

const routeIndex = (route: RouteDefinition) => h.env.production.domains.routes.indexOf(route);

const isTokenAudience = (audience: string): audience is TokenAudience =>
  audience === 'organization' || audience === 'customer';

const label = (route: RouteDefinition) => `${route.method.toUpperCase()} ${route.path}`;
