// The chaos run (`./run chaos`; not part of the test suite): checkouts and test-clock renewals through the API while
// the worker is SIGKILLed, the Temporal dev server and PostgreSQL are restarted at seeded random moments and a prober
// keeps calling the API; then the invariants, as a table. Exits 1 when one fails.
//   npx tsx test/chaos/chaos.ts [--seed N] [--checkouts 200] [--subscriptions 100] [--months 10] [--clocks 10]
//                               [--no-pg-restart] [--no-temporal-restart] [--no-worker-kill]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startReceiver, verifies } from '../support/webhook-receiver';
import { ChaosApi } from './chaos-api';
import { ChaosLoop, type Fault } from './chaos-faults';
import { checkInvariants, type Row } from './chaos-invariants';
import { createCatalog, runCheckouts, runRenewals, WEBHOOK_EVENTS, type LoadPlan } from './chaos-load';
import { Prober, type ProbeRoute } from './chaos-prober';
import { sleep, startChaosStack, type ChaosStack } from './chaos-stack';
import { Random } from './seeded-random';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    checkouts: { type: 'string', default: '200' },
    subscriptions: { type: 'string', default: '100' },
    months: { type: 'string', default: '10' },
    clocks: { type: 'string', default: '10' },
    'no-pg-restart': { type: 'boolean', default: false },
    'no-temporal-restart': { type: 'boolean', default: false },
    'no-worker-kill': { type: 'boolean', default: false },
  },
});

const SCOPES =
  'products:write,products:read,checkouts:write,checkouts:read,orders:read,subscriptions:read,customers:write,customers:read,test_clocks:write,test_clocks:read,webhooks:write,webhooks:read';
/** How long the system may take, once the faults stop, to finish what they interrupted. */
const SETTLE_TIMEOUT_MS = 10 * 60_000;

async function main(): Promise<number> {
  const seed = values.seed ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
  const random = new Random(seed);
  const subscriptions = Number(values.subscriptions);
  const plan: LoadPlan = {
    oneTimeCheckouts: Number(values.checkouts) - subscriptions,
    subscriptions,
    clocks: Number(values.clocks),
    months: Number(values.months),
  };
  const enabled: Fault[] = [];
  if (!values['no-worker-kill']) enabled.push('worker');
  if (!values['no-temporal-restart']) enabled.push('temporal');
  if (!values['no-pg-restart']) enabled.push('postgres');
  const dataDir = mkdtempSync(join(tmpdir(), 'bursar-chaos-'));
  console.log(
    `chaos: seed ${seed}; ${plan.oneTimeCheckouts} one-time checkouts, ${plan.subscriptions} subscriptions on ${plan.clocks} test clocks × ${plan.months} months`,
  );
  console.log(`chaos: faults ${enabled.join(', ') || 'none'}; logs in ${dataDir}`);

  const began = Date.now();
  const stack = await startChaosStack(dataDir, `chaos-${seed}`);
  const receiver = await startReceiver();
  const interrupt = () => void stack.stop().finally(() => process.exit(130)); // no server or process left behind
  process.once('SIGINT', interrupt).once('SIGTERM', interrupt);
  try {
    stack.cli(['organization', 'create', '--name', 'Chaos', '--slug', 'chaos', '--env', 'sandbox']);
    const token = stack
      .cli(['token', 'create', '--organization', 'chaos', '--scopes', SCOPES, '--env', 'sandbox'])
      .trim();
    const api = new ChaosApi(stack.apiUrl, token);
    const endpoint = await api.until(
      'POST',
      '/v1/webhooks/endpoints',
      { url: receiver.url, format: 'raw', events: WEBHOOK_EVENTS },
      (a) => a.status === 201,
    );
    // Verified on arrival: Standard Webhooks refuses a timestamp more than 5 minutes old, as a receiver would.
    const verifiedOnArrival: boolean[] = [];
    receiver.respondWith((request, index) => {
      verifiedOnArrival[index] = verifies(endpoint.body.secret, request);
      return 204;
    });
    const catalog = await createCatalog(api, plan);
    const routes = await probeRoutes(api);

    const chaos = new ChaosLoop(stack, random, {
      enabled,
      gap: [10, 30],
      downtime: { worker: [1, 5], temporal: [10, 35], postgres: [3, 10] },
      maxPostgresRestarts: 3,
    });
    const prober = new Prober(api, chaos, routes);
    prober.start();
    chaos.start();
    const stages: string[] = [];
    const stage = async (name: string, work: () => Promise<void>) => {
      const started = Date.now();
      await work();
      stages.push(`${name} ${seconds(Date.now() - started)}`);
      console.log(`chaos: ${name} done in ${seconds(Date.now() - started)}`);
    };
    await stage(`${plan.oneTimeCheckouts + plan.subscriptions} checkouts`, () => runCheckouts(api, catalog, plan));
    await stage('subscriptions started', () =>
      waitFor(stack, `select count(*) = $1 as done from subscription`, [plan.subscriptions]),
    );
    await stage(`${plan.subscriptions * plan.months} renewals`, () =>
      runRenewals(api, catalog, plan, (month) => console.log(`chaos: month ${month} of ${plan.months} renewed`)),
    );
    await chaos.stop();
    await stage('settled after the last fault', () => settle(stack, plan, endpoint.body.id, receiver.received));
    await sleep(3000); // a last look at the API in a steady state
    await prober.stop();

    const rows = await checkInvariants({
      stack,
      plan,
      api,
      chaos,
      probes: prober.probes,
      routes,
      received: receiver.received,
      verifiedOnArrival,
      endpointId: endpoint.body.id,
    });
    const counts = chaos.counts();
    console.log(`\nchaos: seed ${seed}; ${seconds(Date.now() - began)} in all (${stages.join(', ')})`);
    console.log(
      `faults: worker SIGKILLed ${counts.worker}×, Temporal restarted ${counts.temporal}×, PostgreSQL restarted ${counts.postgres}×`,
    );
    console.log(
      `API answers: ${[...api.statuses].map(([status, n]) => `${status}×${n}`).join(' ')}; ${prober.probes.length} probes`,
    );
    for (const error of api.serverErrors.slice(0, 10)) console.log(`  500: ${error}`);
    for (const exit of stack.unexpectedExits) console.log(`  ${exit}`);
    console.log(`\n${table(rows)}`);
    return rows.some((row) => row.ok === false) ? 1 : 0;
  } finally {
    await receiver.close();
    await stack.stop();
  }
}

/** Routes the prober calls: a read and a write that need PostgreSQL, and a test-clock advance that needs Temporal too. */
async function probeRoutes(api: ChaosApi): Promise<ProbeRoute[]> {
  const clock = await api.until(
    'POST',
    '/v1/test-clocks/',
    { name: 'probe', frozen_time: '2025-01-01T00:00:00Z' },
    (a) => a.status === 201,
  );
  return [
    {
      name: 'GET /v1/orders/',
      needs: ['postgres'],
      expected: 200,
      send: (a) => a.call('GET', '/v1/orders/?limit=1', undefined, { timeoutMs: 30_000 }),
    },
    {
      name: 'POST /v1/customers/',
      needs: ['postgres'],
      expected: 201,
      send: (a, n) =>
        a.call(
          'POST',
          '/v1/customers/',
          { email: `probe-${n}-${Date.now()}@chaos.example.com` },
          { timeoutMs: 30_000 },
        ),
    },
    {
      // Advancing to the clock's own time is refused by the clock's workflow (422): a round trip through Temporal and
      // the worker that changes nothing.
      name: 'POST /v1/test-clocks/{id}/advance',
      needs: ['postgres', 'temporal', 'worker'],
      expected: 422,
      send: (a) =>
        a.call(
          'POST',
          `/v1/test-clocks/${clock.body.id}/advance`,
          { frozen_time: clock.body.frozen_time },
          { timeoutMs: 60_000 },
        ),
    },
  ];
}

/** Waits until every order is paid, the outbox is empty and every delivery for the endpoint has reached the receiver. */
async function settle(
  stack: ChaosStack,
  plan: LoadPlan,
  endpointId: string,
  received: readonly { headers: Record<string, string> }[],
): Promise<void> {
  const orders = plan.oneTimeCheckouts + plan.subscriptions * (1 + plan.months);
  await waitFor(stack, `select count(*) >= $1 as done from "order" where status = 'paid'`, [orders]);
  await waitFor(stack, `select not exists (select 1 from outbox_message where dispatched_at is null) as done`, []);
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    const expected = await stack.sql<{ id: string }>(
      `select event_id as id from webhook_delivery where endpoint_id = $1`,
      [endpointId],
    );
    const arrived = new Set(received.map((r) => r.headers['webhook-id']));
    if (expected.every((row) => arrived.has(row.id)) || Date.now() > deadline) return;
    await sleep(2000);
  }
}

async function waitFor(stack: ChaosStack, sql: string, values: unknown[]): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const [row] = await stack.sql<{ done: boolean }>(sql, values).catch(() => [{ done: false }]);
    if (row.done) return;
    await sleep(2000);
  }
  console.log(`chaos: gave up waiting for: ${sql}`);
}

function table(rows: Row[]): string {
  const cells = rows.map((r) => [r.invariant, r.expected, r.observed, r.ok === 'n/a' ? 'n/a' : r.ok ? 'ok' : 'FAIL']);
  const header = ['invariant', 'expected', 'observed', 'ok'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

const seconds = (ms: number) =>
  ms >= 60_000 ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s` : `${(ms / 1000).toFixed(1)} s`;

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
