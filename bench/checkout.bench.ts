// Benchmark (prints figures; not a test): checkout create → confirm → order paid, p50/p99, and sustained checkouts per
// second through the HTTP API and a real worker, against a bare workflow start on the same Temporal server.
// Each purchase is by a buyer of its own unless `--one-customer`.
//   npx tsx bench/checkout.bench.ts [sequential=100] [concurrent=200] [--one-customer]
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlArray } from '../src/platform/database/sql-array';
import { benchOrganization, percentile as pct, startBenchApi, writeResults } from './bench-stack';

const args = process.argv.slice(2);
/** `--one-customer`: every purchase by the same buyer (their invoice and receipt series are one counter row each). */
const ONE_CUSTOMER = args.includes('--one-customer');
const [sequential = 100, concurrent = 200] = args.filter((arg) => !arg.startsWith('--')).map(Number);

/**
 * Resolves `of(checkout)` once its order is paid: one query every 10 ms for every purchase waiting, so the watching
 * costs the same at 1 or 100 purchases in flight.
 */
function paidOrders(em: EntityManager) {
  const waiting = new Map<string, () => void>();
  let timer: NodeJS.Timeout | null = null;
  const poll = async () => {
    const rows = await em
      .fork()
      .execute<{ checkout_id: string }[]>(
        `select checkout_id from "order" where checkout_id = any(?::uuid[]) and status = 'paid'`,
        [sqlArray([...waiting.keys()])],
      );
    for (const { checkout_id } of rows) {
      waiting.get(checkout_id)?.();
      waiting.delete(checkout_id);
    }
    timer = waiting.size ? setTimeout(poll, 10) : null;
  };
  return {
    of(checkoutId: string): Promise<void> {
      return new Promise((resolve) => {
        waiting.set(checkoutId, resolve);
        timer ??= setTimeout(poll, 10);
      });
    },
  };
}

async function main(): Promise<void> {
  const stack = await startBenchApi();
  const { env } = stack;
  const { api } = await benchOrganization(stack, ['products:write', 'checkouts:write']);
  const product = await api('POST', '/v1/products/', {
    name: 'Bench product',
    prices: [{ amount_type: 'fixed', price_amount: 1000 }],
  });

  const paid = paidOrders(env.orm.em);
  let buyers = 0;
  const purchase = async () => {
    const started = performance.now();
    const checkout = await api('POST', '/v1/checkouts/', {
      products: [product.id],
      customer_email: ONE_CUSTOMER ? 'bench@example.com' : `bench-${++buyers}@example.com`,
      customer_billing_address: { country: 'DE' },
    });
    if (!checkout.id) throw new Error(`checkout not created: ${JSON.stringify(checkout)}`);
    const confirmed = await api(
      'POST',
      `/v1/checkouts/client/${checkout.client_secret}/confirm`,
      { confirmation_token_id: 'pm_card_visa' },
      false,
    );
    if (confirmed.status !== 'confirmed') throw new Error(`checkout not confirmed: ${JSON.stringify(confirmed)}`);
    await paid.of(checkout.id);
    return performance.now() - started;
  };

  const baseline: number[] = [];
  for (let i = 0; i < sequential; i++) {
    const started = performance.now();
    await env.temporal.workflow.start('purgeIdempotencyKeys', {
      taskQueue: env.taskQueue,
      workflowId: `bench-baseline-${randomUUID()}`,
    });
    baseline.push(performance.now() - started);
  }
  baseline.sort((a, b) => a - b);

  const latencies: number[] = [];
  for (let i = 0; i < sequential; i++) latencies.push(await purchase());
  latencies.sort((a, b) => a - b);

  const started = performance.now();
  const completions: number[] = [];
  await Promise.all(
    Array.from({ length: concurrent }, () => purchase().then(() => void completions.push(performance.now() - started))),
  );
  const seconds = (performance.now() - started) / 1000;

  console.log(
    `bare workflow start (baseline, ${sequential}): p50 ${pct(baseline, 50).toFixed(1)} ms, p99 ${pct(baseline, 99).toFixed(1)} ms`,
  );
  console.log(
    `checkout create → confirm → order paid (${sequential}, one at a time): p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms (${(pct(latencies, 50) / pct(baseline, 50)).toFixed(1)}× the baseline p50)`,
  );
  console.log(
    `sustained: ${concurrent} purchases in ${seconds.toFixed(2)} s = ${(concurrent / seconds).toFixed(1)} checkouts/s`,
  );
  const baselineP50 = { name: 'bare workflow start p50', value: pct(baseline, 50) };
  writeResults('checkout', {
    figures: [
      {
        name: 'checkout create → confirm → order paid p50',
        value: pct(latencies, 50),
        unit: 'ms',
        baseline: baselineP50,
        target: '≤ 150',
      },
      {
        name: 'checkout create → confirm → order paid p99',
        value: pct(latencies, 99),
        unit: 'ms',
        baseline: { ...baselineP50, name: 'bare workflow start p99', value: pct(baseline, 99) },
      },
      { name: 'sustained checkouts', value: concurrent / seconds, unit: 'checkouts/s', target: '≥ 30' },
    ],
    series: { latencies, completions: completions.sort((a, b) => a - b) },
  });

  await stack.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
