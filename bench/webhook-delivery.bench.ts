// Benchmark (prints figures; not a test): event committed → first delivery attempt at a local receiver, p50/p99, and
// sustained deliveries per second, on a headless Temporal dev server and the local PostgreSQL, against a bare workflow
// start on the same server.
//   npx tsx bench/webhook-delivery.bench.ts [latencyEvents=200] [burstEvents=1000]
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inTransaction } from '../src/platform/database/transaction';
import { percentile, startBenchStack, writeResults } from './bench-stack';

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

  // Baseline: what starting a trivial workflow costs on this server, one at a time.
  const baseline: number[] = [];
  for (let i = 0; i < latencyEvents; i++) {
    const started = performance.now();
    await env.temporal.workflow.start('purgeIdempotencyKeys', {
      taskQueue: env.taskQueue,
      workflowId: `bench-baseline-${randomUUID()}`,
    });
    baseline.push(performance.now() - started);
  }
  baseline.sort((a, b) => a - b);

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

  // Throughput: a burst, from the first commit to the last arrival.
  const started = performance.now();
  const burst = await Promise.all(Array.from({ length: burstEvents }, () => emit()));
  await waitFor(burst.map((e) => e.id));
  const seconds = (performance.now() - started) / 1000;
  const perSecond = burstEvents / seconds;
  const baselineP50 = percentile(baseline, 50);

  console.log(
    `bare workflow start (baseline, ${latencyEvents}): p50 ${baselineP50.toFixed(1)} ms, p99 ${percentile(baseline, 99).toFixed(1)} ms`,
  );
  console.log(
    `event committed → first delivery attempt (${latencyEvents} events, one at a time): p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
  );
  console.log(
    `sustained: ${burstEvents} events delivered in ${seconds.toFixed(2)} s = ${perSecond.toFixed(1)} deliveries/s`,
  );
  const bareStart = { name: 'bare workflow start p50', value: baselineP50 };
  writeResults('webhook-delivery', {
    figures: [
      {
        name: 'webhook: event committed → first attempt p50',
        value: percentile(latencies, 50),
        unit: 'ms',
        baseline: bareStart,
        target: '≤ 50',
      },
      { name: 'webhook: event committed → first attempt p99', value: percentile(latencies, 99), unit: 'ms' },
      { name: 'webhook: sustained deliveries', value: perSecond, unit: 'deliveries/s', target: '≥ 200' },
    ],
    series: {
      latencies: inOrder,
      burstArrivals: burst.map((e) => arrivals.get(e.id)! - started).sort((a, b) => a - b),
    },
  });

  receiver.close();
  await stack.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
