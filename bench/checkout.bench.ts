// Benchmark (prints figures; not a test): checkout create → confirm → order paid, p50/p99, and sustained checkouts per
// second through the HTTP API and a real worker, against a bare workflow start on the same Temporal server.
//   npx tsx bench/checkout.bench.ts [sequential=100] [concurrent=200]
import { randomUUID } from 'node:crypto';
import { benchOrganization, percentile as pct, startBenchApi, writeResults } from './bench-stack';

const [sequential = 100, concurrent = 200] = process.argv.slice(2).map(Number);

async function main(): Promise<void> {
  const stack = await startBenchApi();
  const { env } = stack;
  const { api } = await benchOrganization(stack, ['products:write', 'checkouts:write']);
  const product = await api('POST', '/v1/products/', { name: 'Bench product', prices: [{ amount_type: 'fixed', price_amount: 1000 }] });

  const purchase = async () => {
    const started = performance.now();
    const checkout = await api('POST', '/v1/checkouts/', {
      products: [product.id],
      customer_email: 'bench@example.com',
      customer_billing_address: { country: 'DE' },
    });
    if (!checkout.id) throw new Error(`checkout not created: ${JSON.stringify(checkout)}`);
    const confirmed = await api('POST', `/v1/checkouts/client/${checkout.client_secret}/confirm`, { confirmation_token_id: 'pm_card_visa' }, false);
    if (confirmed.status !== 'confirmed') throw new Error(`checkout not confirmed: ${JSON.stringify(confirmed)}`);
    for (;;) {
      const [row] = await env.orm.em.fork().execute<{ status: string }[]>('select status from "order" where checkout_id = ?', [checkout.id]);
      if (row?.status === 'paid') return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  const baseline: number[] = [];
  for (let i = 0; i < sequential; i++) {
    const started = performance.now();
    await env.temporal.workflow.start('purgeIdempotencyKeys', { taskQueue: env.taskQueue, workflowId: `bench-baseline-${randomUUID()}` });
    baseline.push(performance.now() - started);
  }
  baseline.sort((a, b) => a - b);

  const latencies: number[] = [];
  for (let i = 0; i < sequential; i++) latencies.push(await purchase());
  latencies.sort((a, b) => a - b);

  const started = performance.now();
  const completions: number[] = [];
  await Promise.all(Array.from({ length: concurrent }, () => purchase().then(() => void completions.push(performance.now() - started))));
  const seconds = (performance.now() - started) / 1000;

  console.log(`bare workflow start (baseline, ${sequential}): p50 ${pct(baseline, 50).toFixed(1)} ms, p99 ${pct(baseline, 99).toFixed(1)} ms`);
  console.log(
    `checkout create → confirm → order paid (${sequential}, one at a time): p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms (${(pct(latencies, 50) / pct(baseline, 50)).toFixed(1)}× the baseline p50)`,
  );
  console.log(`sustained: ${concurrent} purchases in ${seconds.toFixed(2)} s = ${(concurrent / seconds).toFixed(1)} checkouts/s`);
  const baselineP50 = { name: 'bare workflow start p50', value: pct(baseline, 50) };
  writeResults('checkout', {
    figures: [
      { name: 'checkout create → confirm → order paid p50', value: pct(latencies, 50), unit: 'ms', baseline: baselineP50, target: '≤ 150' },
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
