// Benchmark (prints figures; not a test): N subscriptions on one test clock renewing at the same instant. Seeds N
// customers and monthly subscriptions (SQL), starts their workflows, then advances the clock past the period end the
// way `POST /v1/test-clocks/{id}/advance` does, and reports the time until every renewal order is paid, renewals per
// second, the peak memory of each process running a worker, what one renewal costs (SQL statements, workflow events),
// and checks that no subscription got two renewal orders or an order two charges. In the same run, the bare engine's
// renewal: N workflows whose timers fire at one instant, each running one activity that writes an order in one
// transaction.
//   npx tsx bench/subscription-renewals.bench.ts [subscriptions=10000] [--workers 1|2]
// With `--workers 2` two worker processes poll the same Temporal server and database.
import { randomUUID } from 'node:crypto';
import { inParallel } from '../src/kernel/concurrency';
import { subscriptionWorkflowId, WORKFLOW_TYPES } from '../workflows/definitions';
import { peakRssMiB, startBenchStack, writeResults, type BenchStack } from './bench-stack';
import { costPerOperation, describeCost, read } from './measure/cost';
import { costFigures, ratioFigure } from './measure/cost-figures';
import { temporalCostSince } from './measure/history';
import { historyCounts } from './measure/history';
import { renewalTimeline } from './renewal-counters';
import { renewalCounts, seedSubscriptions } from './renewal-seed';

const args = process.argv.slice(2);
const workersAt = args.indexOf('--workers');
const workers = workersAt >= 0 ? Number(args.splice(workersAt, 2)[1]) : 1;
const [count = 10_000] = args.map(Number);
const START = '2025-01-01T00:00:00.000Z';
const PERIOD_END = '2025-02-01T00:00:00.000Z';

async function main(): Promise<void> {
  const stack = await startBenchStack('sandbox', {}, { workers });
  const { env } = stack;

  const seeded = performance.now();
  const book = await seedSubscriptions(env, count, { start: START, periodEnd: PERIOD_END, testClock: true });
  const { organizationId, ids } = book;
  const clockId = book.clockId!;
  const seedSeconds = (performance.now() - seeded) / 1000;

  const starting = performance.now();
  await inParallel(ids, 64, (id) =>
    env.temporal.workflow
      .start(WORKFLOW_TYPES.subscription, {
        taskQueue: env.taskQueue,
        workflowId: subscriptionWorkflowId(id),
        args: [{ subscriptionId: id, clock: { testClockId: clockId, frozenTime: START } }],
      })
      .then(() => undefined),
  );
  const startSeconds = (performance.now() - starting) / 1000;

  // Every flow reads its schedule and settles on its period end; a first advance (nothing due) waits for that.
  const settling = performance.now();
  await env.domains.testClocks.advance(organizationId, clockId, new Date('2025-01-15T00:00:00Z'));
  const settleSeconds = (performance.now() - settling) / 1000;

  const before = await read(stack.processes);
  const renewingAt = Date.now();
  const renewing = performance.now();
  await env.domains.testClocks.advance(organizationId, clockId, new Date('2025-02-01T00:00:01Z'));
  const renewSeconds = (performance.now() - renewing) / 1000;
  const cost = costPerOperation(before, await read(stack.processes), count);
  const temporal = await temporalCostSince(env.temporal, new Date(renewingAt), env.taskQueue, count);

  const { paid, extraOrders, extraCharges, charges } = await renewalCounts(env, book);
  // Each renewal's completion (its order.paid event, written with the payment, in wall time) since the advance began.
  const completions = (
    await env.orm.em
      .fork()
      .execute<{ at: Date }[]>(
        `select created_at as at from outbox_message where organization_id = ? and kind = 'event' and payload->>'type' = 'order.paid' order by created_at`,
        [organizationId],
      )
  ).map(({ at }) => new Date(at).getTime() - renewingAt);
  const runs = await historyCounts(env.temporal, subscriptionWorkflowId(ids[0]));
  const peaks = stack.workerPids.map(peakRssMiB);

  const duplicates = extraOrders + extraCharges;
  const rate = paid / renewSeconds;
  console.log(
    `subscriptions: ${count} on one test clock, ${workers} worker process(es) (seeded in ${seedSeconds.toFixed(1)} s, workflows started in ${startSeconds.toFixed(1)} s = ${(count / startSeconds).toFixed(0)}/s)`,
  );
  console.log(`settling every flow on its period end (an advance with nothing due): ${settleSeconds.toFixed(1)} s`);
  console.log(
    `renewal at the same instant: ${paid} of ${count} renewal orders paid when the advance answered, after ${renewSeconds.toFixed(1)} s = ${rate.toFixed(1)} renewals/s`,
  );
  console.log(`peak RSS of each worker process: ${peaks.map((mib) => `${mib} MiB`).join(', ')}`);
  console.log(
    `duplicates: ${extraOrders} extra renewal order(s), ${extraCharges} extra charge(s) (${charges} charges for ${paid} paid orders)`,
  );
  console.log(`renewal: ${describeCost(cost)}; Temporal per renewal ${JSON.stringify(temporal)}`);
  runs.forEach((events, run) =>
    console.log(`  ${subscriptionWorkflowId(ids[0])} run ${run + 1}: ${JSON.stringify(events)}`),
  );
  for (const id of [ids[0], ids[Math.floor(ids.length / 2)], ids.at(-1)!]) {
    console.log(
      `  renewing run of ${subscriptionWorkflowId(id)}, ms after its renewing Update: ${await renewalTimeline(env.temporal, subscriptionWorkflowId(id))}`,
    );
  }

  const bare = await bareRenewals(stack, count, count / startSeconds);
  console.log(`bare renewal: ${bare.rate.toFixed(1)} renewals/s; ${describeCost(bare.cost)}`);

  const name = workers > 1 ? `subscription-renewals-${workers}-workers` : 'subscription-renewals';
  const bareRate = { name: 'bare renewals/s', value: bare.rate };
  writeResults(name, {
    figures: [
      {
        name: `renewals/s (${count} subscriptions, ${workers} worker process(es))`,
        value: Number(rate.toFixed(1)),
        unit: '/s',
        baseline: bareRate,
      },
      ratioFigure('renewals/s as a share of the bare shape', rate, bareRate, '≥ 50'),
      { name: 'peak RSS of a worker process', value: Math.max(...peaks), unit: 'MiB', target: '≤ 768' },
      { name: 'renewal orders paid', value: paid, unit: `of ${count}`, target: `≥ ${count}` },
      { name: 'duplicate renewal orders or charges', value: duplicates, unit: '', target: '≤ 0' },
      ...costFigures('renewal', cost, temporal, { statements: '≤ 20', transactions: '≤ 3' }, bare.cost),
      ...costFigures('bare renewal', bare.cost),
    ],
    series: { 'completions renewal': completions, 'completions bare renewal': bare.completions },
  });
  await stack.stop();
  if (duplicates) process.exitCode = 1;
}

/**
 * The bare engine's renewals: `count` workflows whose timers fire at one instant (after all are started, at the rate
 * Bursar's were), each writing an order in one transaction; renewals/s from that instant to the last order.
 */
async function bareRenewals(stack: BenchStack, count: number, startsPerSecond: number) {
  const bare = await stack.startBare();
  const processes = { ...stack.processes, worker: [bare.workerPid] };
  const em = stack.env.orm.em.fork();
  const dueAt = Date.now() + 5000 + (count / startsPerSecond) * 2000;
  const run = randomUUID();
  await inParallel(
    Array.from({ length: count }, (_, i) => `${run}:${i}`),
    64,
    (reference) =>
      stack.env.temporal.workflow
        .start('bareRenewal', { taskQueue: 'bare', workflowId: `bare-${reference}`, args: [reference, dueAt] })
        .then(() => undefined),
  );
  await new Promise((resolve) => setTimeout(resolve, dueAt - Date.now() - 200));
  const before = await read(processes);
  let done: { at: Date }[] = [];
  while (done.length < count) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    done = await em.execute(`select created_at as at from bare.order where reference like ? order by created_at`, [
      `${run}:%`,
    ]);
  }
  const cost = costPerOperation(before, await read(processes), count);
  const completions = done.map(({ at }) => new Date(at).getTime() - dueAt);
  return { rate: count / (completions.at(-1)! / 1000), cost, completions };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
