// Schema-driven fuzzing of every route in both environments: requests generated from each route's contracts (valid
// ones with real ids, and ones hostile in one part), asserting no 5xx, the documented error shape for every 4xx, and
// no change to the organization's rows after a refusal. Routes come from the modules, so new ones are fuzzed as well;
// organization routes are sent with the organization's token, customer portal routes with its main customer's.
//   FUZZ_SEED=<n>  re-runs a seed (printed on every run)     FUZZ_RUNS=<n>  cases of each kind per route and environment
//   (valid ones twice as many; 1 in the suite, 8 in `./run fuzz`)
//   FUZZ_ROUTE=<text>  only the routes whose "METHOD /path" contains it (or one of several, separated by `|`)
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import type { Environment } from '../../src/platform/config';
import type { RouteDefinition } from '../../src/platform/http/route';
import { startHarness, type TestHarness } from '../support/harness';
import { orgStateReader, type OrgState, type OrgStateReader } from './org-state';
import { caseArbitrary, caseKinds, type CaseContext, type FuzzCase } from './route-cases';
import { send, type RawResponse } from './send';
import {
  ENVIRONMENTS,
  allIds,
  callerOf,
  createTenant,
  harvest,
  openCustomerSession,
  otherEnvironment,
  type Tenant,
} from './tenants';
import { FailureLog, captureServerErrors, problemWith } from './verdict';
import { fieldNamesOf } from './zod-arbitrary';

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const runs = Number(process.env.FUZZ_RUNS ?? 1);
const only = process.env.FUZZ_ROUTE;
const rerun = `FUZZ_SEED=${seed} FUZZ_RUNS=${runs}${only ? ` FUZZ_ROUTE='${only}'` : ''} npx jest test/fuzz/fuzz.test.ts`;

let h: TestHarness;
const owners = {} as Record<Environment, Tenant>;
const others = {} as Record<Environment, Tenant>;

beforeAll(async () => {
  h = await startHarness({ STRIPE_WEBHOOK_SECRET: 'whsec_fuzz' });
  for (const environment of ENVIRONMENTS) {
    await h.startWorker(environment);
    owners[environment] = await createTenant(h, environment);
    others[environment] = await createTenant(h, environment, { subscription: false });
  }
  const routes = h.env.production.domains.routes;
  for (const tenant of [...Object.values(owners), ...Object.values(others)]) await harvest(h, tenant, routes);
}, 120_000);
afterAll(() => h?.close());

test(
  'every route × both environments: no 5xx, documented error bodies, no state change after a refusal',
  async () => {
    console.log(`fuzz seed=${seed} runs=${runs} (re-run: ${rerun})`);
    const all = h.env.production.domains.routes;
    const routes = all.filter((route) => !only || only.split('|').some((part) => label(route).includes(part)));
    const fieldNames = fieldNamesOf(
      all.flatMap((route) => [route.params, route.query, route.body].filter((s) => s !== undefined)),
    );
    const log = new FailureLog();
    const errors = captureServerErrors();
    let cases = 0;
    let accepted = 0;
    /** Of them on customer portal routes: the customer's token got past the authentication. */
    let acceptedPortal = 0;
    const slowest = new Map<string, number>();
    try {
      for (const environment of ENVIRONMENTS) {
        const owner = owners[environment];
        const state = await orgStateReader(h.env[environment]);
        await state.settle(owner.id); // the fixtures' background work
        const ctx: CaseContext = {
          tenant: owner,
          foreignIds: [...allIds(others[environment]), ...allIds(owners[otherEnvironment(environment)])],
          fieldNames,
        };
        for (const route of deletesLast(routes)) {
          if (route.audience === 'customer' && (await keepCustomerSession(owner))) state.forget(owner.id);
          const started = Date.now();
          for (const kind of caseKinds(route)) {
            const numRuns = kind === 'valid' ? 2 * runs : runs;
            for (const fuzzCase of fc.sample(caseArbitrary(route, ctx, kind), {
              seed: seed ^ hash(`${environment} ${label(route)} ${kind}`),
              numRuns,
            })) {
              cases++;
              const outcomes = await run(fuzzCase, owner, state);
              for (const { response, before, after } of outcomes) {
                if (response.status < 300) accepted++;
                if (response.status < 300 && route.audience === 'customer') acceptedPortal++;
                const problem =
                  problemWith(response, errors.causeOf(response.requestId), before, after) ??
                  (fuzzCase.mustRefuse && response.status < 400
                    ? `${fuzzCase.mustRefuse} was accepted (${response.status})`
                    : null);
                if (problem) log.record(label(route), fuzzCase.kind, problem, fuzzCase.request, response);
              }
              if (kind === 'replayed key') {
                const problem = replayProblem(outcomes[0].response, outcomes[1].response);
                if (problem) log.record(label(route), kind, problem, fuzzCase.request, outcomes[1].response);
              }
              // A write, or a read that started background work (202), is let finish before the next case judges the state.
              if (
                outcomes.some((o) => o.response.status < 300 && (route.method !== 'get' || o.response.status === 202))
              )
                await state.settle(owner.id);
            }
          }
          const elapsed = Date.now() - started;
          slowest.set(`${environment} ${label(route)}`, elapsed);
        }
      }
    } finally {
      errors.restore();
    }
    const count = (audience: string) => routes.filter((r) => r.audience === audience).length;
    console.log(
      `fuzz: ${routes.length} routes (${count('organization')} organization, ${count('customer')} customer, ${count('public')} public) × ${ENVIRONMENTS.length} environments, ` +
        `${cases} cases (${accepted} answers 2xx/3xx, ${acceptedPortal} on customer routes), ${log.failures.length} failures, seed=${seed}`,
    );
    const top = [...slowest].sort((a, b) => b[1] - a[1]).slice(0, 5);
    console.log(`fuzz: slowest routes ${top.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)}s`).join(', ')}`);
    if (log.failures.length) throw new Error(log.report(h.url, rerun));
  },
  // About 1.3 s per route and environment in CI (2 cores) with one run each: 300 routes take some 13 minutes.
  1_800_000 * runs,
);

/** Sends a case (twice at once for that kind) and judges each answer; a refusal must leave the organization as it was. */
async function run(
  fuzzCase: FuzzCase,
  owner: Tenant,
  state: OrgStateReader,
): Promise<{ response: RawResponse; before?: OrgState; after?: OrgState }[]> {
  if (fuzzCase.kind === 'twice at once' || fuzzCase.kind === 'replayed key') state.forget(owner.id);
  if (fuzzCase.kind === 'twice at once') {
    const responses = await Promise.all([send(h, fuzzCase.request), send(h, fuzzCase.request)]);
    return responses.map((response) => ({ response }));
  }
  if (fuzzCase.kind === 'replayed key')
    return [{ response: await send(h, fuzzCase.request) }, { response: await send(h, fuzzCase.request) }];
  return [await state.watch(owner.id, () => send(h, fuzzCase.request))];
}

/**
 * A create sent again with its idempotency key answers as the first time, with the same resource; or, when the first
 * answer showed a secret once, with the documented 409 that says so.
 */
function replayProblem(first: RawResponse, replay: RawResponse): string | null {
  if (
    first.status < 300 &&
    replay.status === 409 &&
    (replay.json as { error?: string } | undefined)?.error === 'SecretNotReplayable'
  )
    return null;
  if (replay.status !== first.status)
    return `a replayed idempotency key answered ${replay.status}, the first request ${first.status}`;
  if (first.status >= 300) return null;
  if (replay.replayed !== 'true') return 'a replayed idempotency key was answered without Idempotent-Replayed: true';
  // the same JSON (a kept answer comes back from jsonb, whose keys have an order of their own)
  if (!isDeepStrictEqual(replay.json, first.json))
    return 'a replayed idempotency key answered another body than the first request';
  return null;
}

/**
 * A valid case may end the main customer's session (`DELETE /v1/customer-portal/customer-session`): the next portal
 * route then gets a new one, so that it is fuzzed past the authentication (true when it tried: rows may have changed).
 */
async function keepCustomerSession(tenant: Tenant): Promise<boolean> {
  const em = h.env[tenant.environment].orm.em.fork();
  if (await h.env[tenant.environment].domains.customerSessions.authenticate(em, tenant.customer.token)) return false;
  // A customer deleted by a valid case has no session any more: its routes are then fuzzed with the dead token.
  const renewed = await openCustomerSession(callerOf(h, tenant), tenant.customer.id).catch(() => null);
  if (renewed) tenant.customer.token = renewed.token;
  return true;
}

const label = (route: RouteDefinition) => `${route.method.toUpperCase()} ${route.path}`;

/**
 * Deletes run after everything else, so the other routes still find the fixtures' rows; the portal's before the
 * organization's, which may delete the portal's customer.
 */
const deletesLast = (routes: RouteDefinition[]) => {
  const deletes = routes.filter((r) => r.method === 'delete');
  return [
    ...routes.filter((r) => r.method !== 'delete'),
    ...deletes.filter((r) => r.audience === 'customer'),
    ...deletes.filter((r) => r.audience !== 'customer'),
  ];
};

/** A stable 32-bit hash, so that each route's cases depend only on the seed (and FUZZ_ROUTE does not change them). */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193);
  return value >>> 0;
}
