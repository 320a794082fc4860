// Benchmark (prints figures; not a test): event committed → first delivery attempt at a local receiver, p50/p99, and
// a burst's deliveries per second with what one delivery costs (CPU per process, SQL, Temporal tasks), against the
// bare engine's delivery in the same run: a workflow with one activity posting to the same receiver.
//   npx tsx bench/webhook-delivery.bench.ts [latencyEvents=200] [burstEvents=1000]
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inTransaction } from '../src/platform/database/transaction';
import { percentile, startBenchStack, writeResults } from './bench-stack';
import { costPerOperation, describeCost, read, type Processes } from './measure/cost';
import { costFigures, ratioFigure } from './measure/cost-figures';
import { temporalCostSince } from './measure/history';

const [latencyEvents = 200, burstEvents = 1000] = process.argv.slice(2).map(Number);

async function main(): Promise<void> {
  // The receiver is on this machine, which only the sandbox may be allowed to reach (WEBHOOK_ALLOW_PRIVATE_URLS).
  const stack = await startBenchStack('sandbox', { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  const { env } = stack;

  const arrivals = new Map<string, number>();
  const receiver = createServer((req, res) => {
    arrivals.set(String(req.headers['webhook-id']), performance.now());
    req.resume().on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const organization = await inTransaction(env.orm, ({ em }) =>
    env.domains.organizations.createOrganization(em, { name: `Bench ${randomUUID()}` }),
  );
  await inTransaction(env.orm, ({ em }) =>
    env.domains.webhookEndpoints.create(
      em,
      organization.id,
      { url, format: 'raw', events: ['benefit.created'] },
      'legacy',
    ),
  );

  const emit = async () => {
    const committedAt = { at: 0 };
    const message = await inTransaction(env.orm, async (tx) => {
      const id = randomUUID();
      const data = {
        id,
        created_at: new Date().toISOString(),
        modified_at: null,
        type: 'custom',
        description: 'Bench',
        selectable: true,
        deletable: true,
        is_deleted: false,
        organization_id: organization.id,
        metadata: {},
        visibility: 'public',
        visibility_configurable: true,
        properties: { note: null },
      };
      tx.afterCommit(async () => void (committedAt.at = performance.now()));
      return env.outbox.enqueueEvent(tx, organization.id, 'benefit.created', data);
    });
    return { id: message.id, committedAt: committedAt.at };
  };
  const waitFor = async (ids: string[]) => {
    while (ids.some((id) => !arrivals.has(id))) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  // Latency: one event at a time.
  const latencies: number[] = [];
  for (let i = 0; i < latencyEvents; i++) {
    const event = await emit();
    await waitFor([event.id]);
    latencies.push(arrivals.get(event.id)! - event.committedAt);
  }
  const inOrder = [...latencies];
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => percentile(latencies, p).toFixed(1);

  // Throughput: a burst, from the first commit to the last arrival, and what it cost; then the bare engine's.
  const burst = async (send: () => Promise<string>[], processes: Processes, taskQueue: string) => {
    const since = new Date();
    const before = await read(processes);
    const started = performance.now();
    const ids = await Promise.all(send());
    await waitFor(ids);
    const seconds = (performance.now() - started) / 1000;
    const cost = costPerOperation(before, await read(processes), burstEvents);
    const temporal = await temporalCostSince(env.temporal, since, taskQueue, burstEvents);
    return { seconds, cost, temporal, arrivals: ids.map((id) => arrivals.get(id)! - started).sort((a, b) => a - b) };
  };
  const run = await burst(
    () => Array.from({ length: burstEvents }, () => emit().then((event) => event.id)),
    stack.processes,
    env.taskQueue,
  );
  const bare = await stack.startBare();
  const body = JSON.stringify({ type: 'benefit.created', data: { id: randomUUID(), note: 'x'.repeat(300) } });
  const bareRun = await burst(
    () =>
      Array.from({ length: burstEvents }, async () => {
        const id = randomUUID();
        await env.temporal.workflow.start('bareDelivery', {
          taskQueue: 'bare',
          workflowId: `bare-${id}`,
          args: [url, id, body],
        });
        return id;
      }),
    { ...stack.processes, worker: [bare.workerPid] },
    'bare',
  );
  const rate = burstEvents / run.seconds;
  const bareRate = burstEvents / bareRun.seconds;

  console.log(
    `event committed → first delivery attempt (${latencyEvents} events, one at a time): p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
  );
  console.log(
    `burst of ${burstEvents}: ${rate.toFixed(1)} deliveries/s; bare ${bareRate.toFixed(1)}/s (${((rate / bareRate) * 100).toFixed(0)} %)`,
  );
  console.log(`delivery: ${describeCost(run.cost)}; Temporal ${JSON.stringify(run.temporal)}`);
  console.log(`bare delivery: ${describeCost(bareRun.cost)}; Temporal ${JSON.stringify(bareRun.temporal)}`);
  const bareRateFigure = { name: 'bare deliveries/s', value: bareRate };
  writeResults('webhook-delivery', {
    figures: [
      { name: 'webhook: event committed → first attempt p50', value: percentile(latencies, 50), unit: 'ms' },
      { name: 'webhook: event committed → first attempt p99', value: percentile(latencies, 99), unit: 'ms' },
      { name: `webhook: burst of ${burstEvents}`, value: rate, unit: 'deliveries/s', baseline: bareRateFigure },
      ratioFigure('webhook: deliveries/s as a share of the bare shape', rate, bareRateFigure, '≥ 60'),
      ...costFigures('webhook delivery', run.cost, run.temporal, { allCpuMs: '≤ 10' }, bareRun.cost),
      ...costFigures('bare webhook delivery', bareRun.cost, bareRun.temporal),
    ],
    series: { latencies: inOrder, 'completions delivery': run.arrivals, 'completions bare delivery': bareRun.arrivals },
  });

  receiver.close();
  await stack.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
