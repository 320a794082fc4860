// Benchmark (prints figures; not a test): a purchase — checkout create → confirm → order paid — through the HTTP API
// and a real worker, against the bare engine's purchase in the same run (an HTTP POST that starts a workflow and sends
// it an Update whose local activity writes an order, an item and a payment): p50 one at a time, then purchases/s with
// `inFlight` at a time and what one costs (CPU per process, SQL statements and transactions, Temporal tasks).
// Each purchase is by a buyer of its own unless `--one-customer`.
//   npx tsx bench/checkout.bench.ts [sequential=100] [sustained=200] [inFlight=20] [--one-customer]
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlArray } from '../src/platform/database/sql-array';
import { benchOrganization, percentile as pct, startBenchApi, writeResults } from './bench-stack';
import { costPerOperation, describeCost, read, type Processes } from './measure/cost';
import { costFigures, ratioFigure } from './measure/cost-figures';
import { temporalCostSince } from './measure/history';
import { oneAtATime, runConcurrently } from './measure/load';

const args = process.argv.slice(2);
/** `--one-customer`: every purchase by the same buyer (their invoice and receipt series are one counter row each). */
const ONE_CUSTOMER = args.includes('--one-customer');
const [sequential = 100, sustained = 200, inFlight = 20] = args.filter((arg) => !arg.startsWith('--')).map(Number);

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
  const { api, organizationId } = await benchOrganization(stack, ['products:write', 'checkouts:write']);
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

  const bare = await stack.startBare();
  const barePurchase = async () => {
    const response = await fetch(`${bare.base}/purchases`, { method: 'POST', body: JSON.stringify({ amount: 1000 }) });
    if (response.status !== 201) throw new Error(`bare purchase: ${response.status}`);
    await response.json();
  };
  const bareProcesses: Processes = { ...stack.processes, api: [bare.apiPid], worker: [bare.workerPid] };

  await oneAtATime(10, barePurchase); // warm-up: JIT, pools, workflow caches
  await oneAtATime(10, purchase);
  const bareLatencies = await oneAtATime(sequential, barePurchase);
  const latencies = await oneAtATime(sequential, purchase);

  /** `sustained` operations `inFlight` at a time, with what they cost; the worker's tail (receipts) is let settle. */
  const measure = async (operation: () => Promise<unknown>, processes: Processes, taskQueue: string) => {
    const since = new Date();
    const before = await read(processes);
    const load = await runConcurrently(sustained, inFlight, operation);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const cost = costPerOperation(before, await read(processes), sustained);
    return { load, cost, temporal: await temporalCostSince(env.temporal, since, taskQueue, sustained) };
  };
  const bareRun = await measure(barePurchase, bareProcesses, 'bare');
  const run = await measure(purchase, stack.processes, env.taskQueue);
  const rate = sustained / run.load.seconds;
  const bareRate = sustained / bareRun.load.seconds;

  console.log(
    `bare purchase, one at a time (${sequential}): p50 ${pct(bareLatencies, 50).toFixed(1)} ms, p99 ${pct(bareLatencies, 99).toFixed(1)} ms`,
  );
  console.log(
    `purchase create → confirm → order paid, one at a time (${sequential}): p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms (${(pct(latencies, 50) / pct(bareLatencies, 50)).toFixed(1)}× the bare p50)`,
  );
  console.log(
    `sustained, ${inFlight} in flight: ${rate.toFixed(1)} purchases/s; bare ${bareRate.toFixed(1)}/s (${((rate / bareRate) * 100).toFixed(0)} %)`,
  );
  console.log(`purchase: ${describeCost(run.cost)}; Temporal per purchase ${JSON.stringify(run.temporal)}`);
  console.log(`bare purchase: ${describeCost(bareRun.cost)}; Temporal ${JSON.stringify(bareRun.temporal)}`);
  const purchases = 10 + sequential + sustained;
  const books = await purchaseCounts(env.orm.em, organizationId);
  const duplicates = books.extraOrders + books.extraCharges;
  console.log(
    `books: ${books.paid} of ${purchases} orders paid, ${books.charges} charges; duplicates: ${books.extraOrders} extra order(s), ${books.extraCharges} extra charge(s)`,
  );
  const bareP50 = { name: 'bare purchase p50', value: pct(bareLatencies, 50) };
  writeResults('checkout', {
    figures: [
      { name: 'purchase one at a time p50', value: pct(latencies, 50), unit: 'ms', baseline: bareP50 },
      {
        name: 'purchase p50 one at a time ÷ the bare shape p50',
        value: pct(latencies, 50) / bareP50.value,
        unit: '×',
        baseline: bareP50,
        target: '≤ 2',
      },
      {
        name: 'purchase one at a time p99',
        value: pct(latencies, 99),
        unit: 'ms',
        baseline: { name: 'bare purchase p99', value: pct(bareLatencies, 99) },
      },
      {
        name: `sustained purchases, ${inFlight} in flight`,
        value: rate,
        unit: 'purchases/s',
        baseline: { name: 'bare purchases/s', value: bareRate },
      },
      ratioFigure(
        'sustained purchases/s as a share of the bare shape',
        rate,
        { name: 'bare purchases/s', value: bareRate },
        '≥ 50',
      ),
      ...costFigures(
        'purchase',
        run.cost,
        run.temporal,
        { bursarCpuMs: '≤ 25', statements: '≤ 30', transactions: '≤ 3' },
        bareRun.cost,
      ),
      ...costFigures('bare purchase', bareRun.cost, bareRun.temporal),
      { name: 'purchase orders paid', value: books.paid, unit: `of ${purchases}`, target: `≥ ${purchases}` },
      { name: 'purchase charges', value: books.charges, unit: `of ${purchases}`, target: `≤ ${purchases}` },
      { name: 'duplicate purchase orders or charges', value: duplicates, unit: '', target: '≤ 0' },
    ],
    series: {
      'latencies purchase': latencies,
      'latencies bare purchase': bareLatencies,
      'completions purchase': run.load.completions,
      'completions bare purchase': bareRun.load.completions,
    },
  });

  await stack.stop();
  if (duplicates || books.paid !== purchases) process.exitCode = 1;
}

/** The organization's purchases as the books hold them: each checkout one paid order and one successful charge. */
async function purchaseCounts(em: EntityManager, organizationId: string) {
  const [counts] = await em
    .fork()
    .execute<{ paid: number; extraOrders: number; extraCharges: number; charges: number }[]>(
      `with checkouts as (select id::text from checkout where organization_id = ?),
          charges as (select split_part(idempotency_key, ':', 2) as checkout_id from sandbox_processor_charge
                      where status = 'succeeded' and split_part(idempotency_key, ':', 1) = 'checkout'
                        and split_part(idempotency_key, ':', 2) in (select id from checkouts))
     select
       (select count(*) from "order" where organization_id = ? and status = 'paid')::int as paid,
       (select count(*) - count(distinct checkout_id) from "order" where organization_id = ?)::int as "extraOrders",
       (select count(*) from charges)::int as charges,
       (select count(*) - count(distinct checkout_id) from charges)::int as "extraCharges"`,
      [organizationId, organizationId, organizationId],
    );
  return counts;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
