// Benchmark (prints figures; not a test): N subscriptions whose periods end at the same instant in real time (no test
// clock), renewing spread over RENEWAL_SPREAD_SECONDS = `spread`: every renewal paid once, no workflow task timeout,
// and how the renewals spread over time (the month-start burst, without a thundering herd).
//   npx tsx bench/month-start-burst.bench.ts [subscriptions=10000] [spread=300]
import { inParallel } from '../src/kernel/concurrency';
import { subscriptionWorkflowId, WORKFLOW_TYPES } from '../workflows/definitions';
import { peakRssMiB, startBenchStack, writeResults } from './bench-stack';
import { costPerOperation, describeCost, read } from './measure/cost';
import { costFigures } from './measure/cost-figures';
import { temporalCostSince } from './measure/history';
import { renewalCounts, seedSubscriptions } from './renewal-seed';

const [count = 10_000, spread = 300] = process.argv.slice(2).map(Number);
const MONTH_MS = 31 * 86_400_000;

async function main(): Promise<void> {
  const stack = await startBenchStack('sandbox', { RENEWAL_SPREAD_SECONDS: String(spread) });
  const { env } = stack;
  // The periods end once every workflow is started and waiting (about 150 starts/s here, with room to spare).
  const periodEnd = new Date(Math.ceil((Date.now() + 15_000 + (count / 100) * 1000) / 1000) * 1000);
  const since = new Date();
  const book = await seedSubscriptions(env, count, {
    start: new Date(periodEnd.getTime() - MONTH_MS).toISOString(),
    periodEnd: periodEnd.toISOString(),
    testClock: false,
  });
  await inParallel(book.ids, 64, (id) =>
    env.temporal.workflow
      .start(WORKFLOW_TYPES.subscription, {
        taskQueue: env.taskQueue,
        workflowId: subscriptionWorkflowId(id),
        args: [{ subscriptionId: id }],
      })
      .then(() => undefined),
  );
  const margin = periodEnd.getTime() - Date.now();
  if (margin < 0) throw new Error(`the periods ended ${-margin} ms before every workflow was started`);
  await new Promise((resolve) => setTimeout(resolve, margin));
  const before = await read(stack.processes);
  let counts = await renewalCounts(env, book);
  const deadline = Date.now() + spread * 1000 + 30 * 60_000;
  while (counts.paid < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    counts = await renewalCounts(env, book);
  }
  const cost = costPerOperation(before, await read(stack.processes), count);
  const temporal = await temporalCostSince(env.temporal, since, env.taskQueue, count);
  const completions = (
    await env.orm.em
      .fork()
      .execute<{ at: Date }[]>(
        `select created_at as at from outbox_message where organization_id = ? and kind = 'event' and payload->>'type' = 'order.paid' order by created_at`,
        [book.organizationId],
      )
  ).map(({ at }) => new Date(at).getTime() - periodEnd.getTime());
  const perSecond = new Map<number, number>();
  for (const ms of completions) perSecond.set(Math.floor(ms / 1000), (perSecond.get(Math.floor(ms / 1000)) ?? 0) + 1);
  const peak = Math.max(...perSecond.values());
  const lastSeconds = completions.at(-1)! / 1000;
  const duplicates = counts.extraOrders + counts.extraCharges;
  const peakRss = Math.max(...stack.workerPids.map(peakRssMiB));

  console.log(`${count} subscriptions ending at ${periodEnd.toISOString()}, renewals spread over ${spread} s`);
  console.log(
    `renewal orders paid: ${counts.paid} (${counts.charges} charges; ${duplicates} duplicates); the last ${lastSeconds.toFixed(1)} s after the periods ended; peak ${peak} renewals in one second (mean over the spread ${(count / spread).toFixed(1)}/s)`,
  );
  console.log(
    `renewal: ${describeCost(cost)}; Temporal per renewal ${JSON.stringify(temporal)}; worker peak RSS ${peakRss} MiB`,
  );
  writeResults('month-start-burst', {
    figures: [
      { name: `month-start burst: renewal orders paid`, value: counts.paid, unit: `of ${count}`, target: `≥ ${count}` },
      { name: 'month-start burst: duplicate renewal orders or charges', value: duplicates, unit: '', target: '≤ 0' },
      {
        name: `month-start burst: workflow task timeouts (in ${Math.min(400, temporal.workflows * count)} runs read)`,
        value: temporal.workflowTaskTimeouts,
        unit: 'timeouts',
        target: '≤ 0',
      },
      {
        name: 'month-start burst: peak renewals in one second',
        value: peak,
        unit: 'renewals',
        baseline: { name: 'mean over the spread', value: count / spread },
      },
      {
        name: 'month-start burst: last renewal after the periods ended',
        value: lastSeconds,
        unit: 's',
        baseline: { name: 'RENEWAL_SPREAD_SECONDS', value: spread },
      },
      { name: 'month-start burst: worker peak RSS', value: peakRss, unit: 'MiB', target: '≤ 768' },
      ...costFigures('month-start renewal', cost),
    ],
    series: { 'completions renewal after the periods ended': completions },
  });
  await stack.stop();
  if (duplicates || counts.paid < count) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
