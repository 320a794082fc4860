// Benchmark (prints figures; not a test): usage events at scale.
//  1. Sustained ingest over HTTP: `clients` concurrent clients posting batches of 1,000 events for `seconds`, one live
//     meter keeping its hourly rollups (events/s, batch p50/p99, the API's CPU per batch), against the bare engine's
//     API doing the same: the batch parsed and written in one multi-row INSERT through a pool of the same size.
//  2. GET /v1/meters/{id}/quantities for one customer over a month (daily buckets), p50/p99, with the rollups on and
//     off (a second API on the same database with EVENT_ROLLUPS=off), at each stored-event size given (bulk-loaded with
//     SQL generate_series into the month's partition, then the meter archived and unarchived through the API so that the
//     worker's meter-rollups workflow rebuilds its rollups, as it does after any meter change).
//   npx tsx bench/usage.bench.ts [seconds=20] [clients=4] [sizes=1000000,10000000] [samples=50]
import { randomUUID } from 'node:crypto';
import { Connection } from '@temporalio/client';
import { createEventPartitions } from '../src/adapters/events/event-partitions';
import { closeEnvironment, openEnvironment } from '../src/app/environment';
import { createHttpApp } from '../src/app/http/app';
import { RateLimits } from '../src/app/http/rate-limit';
import { inTransaction } from '../src/platform/database/transaction';
import { freePort } from '../test/support/free-port';
import { percentile, startBenchApi, writeResults, type Figure } from './bench-stack';
import { read, type Processes } from './measure/cost';
import { ratioFigure } from './measure/cost-figures';

const [secondsArg, clientsArg, sizesArg, samplesArg] = process.argv.slice(2);
const seconds = Number(secondsArg ?? 20);
const clients = Number(clientsArg ?? 4);
const sizes = (sizesArg ?? '1000000,10000000').split(',').map(Number);
const samples = Number(samplesArg ?? 50);

const CUSTOMERS = 1000;
const BATCH = 1000;
// The month the events fall in: the last whole UTC month (events are in the past).
const now = new Date();
const MONTH_START = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
const MONTH_END = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const MONTH_MS = MONTH_END.getTime() - MONTH_START.getTime();

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const stack = await startBenchApi();
  const { env, base } = stack;
  // The same database through an API whose quantities never read rollups.
  const rawPort = await freePort();
  const rawEnv = await openEnvironment(
    { ...env.config, EVENT_ROLLUPS: 'off' },
    'sandbox',
    Connection.lazy({ address: env.config.temporalAddress }),
  );
  const rawLimits = new RateLimits({ perIpPerSecond: 1e6, perOrganizationPerMinute: 1e6, licenseKeyPerSecond: 1e6 });
  const rawHttp = createHttpApp(rawEnv, rawLimits).listen(rawPort, '127.0.0.1');
  const rawBase = `http://127.0.0.1:${rawPort}`;

  const { organizationId, token } = await inTransaction(env.orm, async ({ em }) => {
    const org = await env.domains.organizations.createOrganization(em, { name: `Bench ${randomUUID()}` });
    const access = await env.domains.accessTokens.create(em, org.id, {
      scopes: ['events:write', 'meters:read', 'meters:write', 'customers:write'],
    });
    return { organizationId: org.id, token: access.token };
  });
  const api = async (path: string, body?: unknown, at = base, method = body === undefined ? 'GET' : 'POST') => {
    const response = await fetch(`${at}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as any;
  };
  const em = () => env.orm.em.fork();
  await createEventPartitions(env.orm, MONTH_START);

  const meter = await api('/v1/meters/', {
    name: 'LLM tokens',
    filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'llm' }] },
    aggregation: { func: 'sum', property: '_llm.total_tokens' },
  });
  const customer = await api('/v1/customers/', { email: 'bench-usage@example.com', external_id: 'c42' });
  const ready = async () => {
    for (;;) {
      const [row] = await em().execute<{ ready: boolean }[]>(
        'select rollups_ready_at is not null as ready from meter where id = ?',
        [meter.id],
      );
      if (row?.ready) return;
      await sleep(200);
    }
  };
  await ready();

  // 1. Sustained ingest.
  const bodies = Array.from({ length: 8 }, (_, b) =>
    JSON.stringify({
      events: Array.from({ length: BATCH }, (_, i) => ({
        name: i % 10 === 0 ? 'other' : 'llm',
        timestamp: new Date(MONTH_START.getTime() + (((b * BATCH + i) * 997_331) % MONTH_MS)).toISOString(),
        external_customer_id: `c${(b * BATCH + i) % CUSTOMERS}`,
        metadata: {
          _llm: {
            vendor: 'openai',
            model: 'gpt-4o',
            input_tokens: 100,
            output_tokens: i % 50,
            total_tokens: 100 + (i % 50),
          },
          route: `/v${i % 3}`,
        },
      })),
    }),
  );
  const ingest = async (url: string, body: (n: number) => string, processes: Processes) => {
    const latencies: number[] = [];
    let sent = 0;
    const before = await read(processes);
    const started = performance.now();
    const until = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (let n = c; performance.now() < until; n += clients) {
          const t = performance.now();
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: body(n),
          });
          const result = (await response.json()) as { inserted: number };
          if (response.status !== 200) throw new Error(`ingest: ${response.status} ${JSON.stringify(result)}`);
          sent += result.inserted;
          latencies.push(performance.now() - t);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const apiCpuMs = (await read(processes)).cpuMs.api - before.cpuMs.api;
    return { perSecond: sent / elapsed, latencies, cpuMsPerBatch: apiCpuMs / latencies.length };
  };
  const bare = await stack.startBare();
  const bareBodies = bodies.map((body) => JSON.stringify({ organization_id: organizationId, ...JSON.parse(body) }));
  const bareRun = await ingest(`${bare.base}/events/ingest`, (n) => bareBodies[n % bareBodies.length], {
    api: [bare.apiPid],
  });
  const run = await ingest(`${base}/v1/events/ingest`, (n) => bodies[n % bodies.length], {
    api: stack.processes.api!,
  });
  const latencies = run.latencies.sort((a, b) => a - b);
  console.log(
    `ingest: ${Math.round(run.perSecond)} events/s by ${clients} clients, batch of ${BATCH} p50 ${round(percentile(latencies, 50))} ms, p99 ${round(percentile(latencies, 99))} ms, API CPU ${round(run.cpuMsPerBatch)} ms per batch; bare INSERT ${Math.round(bareRun.perSecond)} events/s, API CPU ${round(bareRun.cpuMsPerBatch)} ms per batch`,
  );

  const bareRate = { name: 'bare multi-row INSERT events/s', value: bareRun.perSecond };
  const figures: Figure[] = [
    {
      name: `ingest, ${clients} clients posting batches of ${BATCH}: events/s`,
      value: run.perSecond,
      unit: 'events/s',
      baseline: bareRate,
    },
    ratioFigure('ingest events/s as a share of the bare INSERT', run.perSecond, bareRate, '≥ 50'),
    {
      name: `ingest: API CPU per batch of ${BATCH}`,
      value: run.cpuMsPerBatch,
      unit: 'ms',
      baseline: { name: 'bare API', value: bareRun.cpuMsPerBatch },
    },
    { name: `ingest batch of ${BATCH}: p50`, value: percentile(latencies, 50), unit: 'ms' },
    { name: `ingest batch of ${BATCH}: p99`, value: percentile(latencies, 99), unit: 'ms' },
  ];

  // 2. Quantities at each size.
  const query = `start_timestamp=${MONTH_START.toISOString()}&end_timestamp=${MONTH_END.toISOString()}&interval=day&customer_id=${customer.id}`;
  const time = async (at: string, q: string, n = samples) => {
    const runs: number[] = [];
    let answer: unknown;
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      answer = (await api(`/v1/meters/${meter.id}/quantities?${q}`, undefined, at)).total;
      runs.push(performance.now() - t);
    }
    runs.sort((a, b) => a - b);
    return { p50: round(percentile(runs, 50)), p99: round(percentile(runs, 99)), total: answer };
  };
  for (const size of sizes) {
    const [stored] = await em().execute<{ n: string }[]>('select count(*) as n from event where organization_id = ?', [
      organizationId,
    ]);
    const missing = size - Number(stored!.n);
    if (missing > 0) {
      const t = performance.now();
      // Chunks of 1M rows: one customer in CUSTOMERS is the customer (attached), the others external ids never attached.
      for (let offset = 0; offset < missing; offset += 1_000_000) {
        await em().execute(
          `insert into event (id, organization_id, "timestamp", ingested_at, name, source, customer_id, external_customer_id, metadata)
           select gen_random_uuid(), ?, ?::timestamptz + (random() * ?) * interval '1 millisecond', now(),
             case when i % 10 = 0 then 'other' else 'llm' end, 'user',
             case when i % ${CUSTOMERS} = 42 then ?::uuid end, 'c' || (i % ${CUSTOMERS}),
             jsonb_build_object('_llm', jsonb_build_object('vendor', 'openai', 'total_tokens', 100 + i % 50), 'route', '/v' || (i % 3))
           from generate_series(?::bigint, ?::bigint) i`,
          [
            organizationId,
            MONTH_START.toISOString(),
            MONTH_MS - 1,
            customer.id,
            offset,
            Math.min(offset + 1_000_000, missing) - 1,
          ],
        );
      }
      await em().execute('analyze event');
      const loaded = (performance.now() - t) / 1000;
      // The bulk load bypassed the writer, so no rollup counts its events; and a rebuild of the meter's current version
      // adds only the events numbered up to the meter's last change (later ones are the writer's increments). A change
      // notes the last number and has the worker rebuild: archiving and unarchiving the meter is one a user can make.
      const r = performance.now();
      await api(`/v1/meters/${meter.id}`, { is_archived: true }, base, 'PATCH');
      await api(`/v1/meters/${meter.id}`, { is_archived: false }, base, 'PATCH');
      await ready();
      await em().execute('analyze meter_rollup');
      console.log(
        `loaded ${missing} events with SQL in ${round(loaded)} s; rollups rebuilt by the worker's meter-rollups workflow in ${round((performance.now() - r) / 1000)} s`,
      );
    }
    const on = await time(base, query);
    const off = await time(rawBase, query);
    if (on.total !== off.total) throw new Error(`rollups ${on.total} ≠ raw ${off.total}`);
    console.log(
      `quantities at ${size} stored events, one customer, a month by day: rollups on p50 ${on.p50} ms p99 ${on.p99} ms; off p50 ${off.p50} ms p99 ${off.p99} ms (total ${on.total})`,
    );
    const rollupsOff = (value: number) => ({ name: 'rollups off', value });
    figures.push(
      {
        name: `quantities, one customer, ${size} events: p50`,
        value: on.p50,
        unit: 'ms',
        baseline: rollupsOff(off.p50),
        target: '< 200',
      },
      {
        name: `quantities, one customer, ${size} events: p99`,
        value: on.p99,
        unit: 'ms',
        baseline: rollupsOff(off.p99),
      },
    );
    const all = query.replace(/&customer_id=[^&]+/, '');
    const allOn = await time(base, all, 10);
    const allOff = await time(rawBase, all, 5);
    console.log(
      `   every customer (${allOn.total}): rollups on p50 ${allOn.p50} ms p99 ${allOn.p99} ms; off p50 ${allOff.p50} ms p99 ${allOff.p99} ms`,
    );
    figures.push({
      name: `quantities, every customer, ${size} events: p50`,
      value: allOn.p50,
      unit: 'ms',
      baseline: rollupsOff(allOff.p50),
    });
  }
  writeResults('usage', {
    figures,
    series: { 'latencies ingest batch': latencies, 'latencies bare ingest batch': bareRun.latencies },
  });

  rawHttp.close();
  await rawLimits.close();
  await closeEnvironment(rawEnv);
  await stack.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
