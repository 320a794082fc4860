// Benchmark (prints figures; not a test): N subscriptions on one test clock renewing at the same instant. Seeds N
// customers and monthly subscriptions (SQL), starts their workflows, then advances the clock past the period end the
// way `POST /v1/test-clocks/{id}/advance` does, and reports the time until every renewal order is paid, renewals per
// second, and the peak memory of the process running the worker (API services and worker share it here).
//   npx tsx bench/subscription-renewals.bench.ts [subscriptions=10000]
import { randomUUID } from 'node:crypto';
import { ProductCreate } from '../src/contracts/product';
import { inTransaction } from '../src/platform/database/transaction';
import { inParallel } from '../src/kernel/concurrency';
import { subscriptionWorkflowId, WORKFLOW_TYPES } from '../workflows/definitions';
import { startBenchStack } from './bench-stack';

const [count = 10_000] = process.argv.slice(2).map(Number);
const START = '2025-01-01T00:00:00.000Z';
const PERIOD_END = '2025-02-01T00:00:00.000Z';

async function main(): Promise<void> {
  const stack = await startBenchStack('sandbox');
  const { env } = stack;
  let peakRss = 0;
  let peakHeap = 0;
  const sampler = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
  }, 100);

  const seeded = performance.now();
  const processor = env.processor!;
  const { customerId: processorCustomer } = await processor.createCustomer({ email: 'bench@example.com', idempotencyKey: `bench:${randomUUID()}` });
  const method = await processor.savePaymentMethod({
    customerId: processorCustomer,
    confirmationToken: 'pm_card_visa',
    idempotencyKey: `bench:${randomUUID()}`,
  });
  const { organizationId, clockId, productId, priceId } = await inTransaction(env.orm, async (tx) => {
    const org = await env.domains.organizations.createOrganization(tx.em, { name: `Bench ${randomUUID()}` });
    const clock = await env.domains.testClocks.create(tx.em, org.id, { frozen_time: START });
    const product = await env.domains.products.create(
      tx,
      org.id,
      ProductCreate.parse({ name: 'Monthly', recurring_interval: 'month', prices: [{ amount_type: 'fixed', price_amount: 1000 }] }),
    );
    const [output] = await env.domains.products.outputs(tx.em, [product]);
    return { organizationId: org.id, clockId: clock.id, productId: product.id, priceId: output.prices[0].id };
  });
  const em = env.orm.em.fork();
  await em.execute(
    `insert into customer (id, organization_id, email, metadata, test_clock_id, created_at)
     select gen_random_uuid(), ?, 'bench-' || n || '@example.com', '{}', ?, ? from generate_series(1, ?) n`,
    [organizationId, clockId, START, count],
  );
  await em.execute(
    `insert into subscription (id, organization_id, customer_id, product_id, price_id, status, currency, recurring_interval, recurring_interval_count,
       price_amount, amount, anchor_day, current_period_start, current_period_end, started_at, billing_address, tax_behavior,
       processor_customer_id, payment_method_token, test_clock_id, metadata, custom_field_data, created_at)
     select gen_random_uuid(), organization_id, id, ?, ?, 'active', 'usd', 'month', 1, 1000, 1000, 1, ?, ?, ?, '{"country": "DE"}', 'inclusive', ?, ?, ?, '{}', '{}', ?
     from customer where test_clock_id = ?`,
    [productId, priceId, START, PERIOD_END, START, processorCustomer, method.token, clockId, START, clockId],
  );
  const ids = (await em.execute<{ id: string }[]>('select id from subscription where test_clock_id = ?', [clockId])).map((row) => row.id);
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

  const renewing = performance.now();
  await env.domains.testClocks.advance(organizationId, clockId, new Date('2025-02-01T00:00:01Z'));
  const renewSeconds = (performance.now() - renewing) / 1000;
  const [{ paid }] = await em.execute<{ paid: number }[]>(
    `select count(*)::int as paid from "order" where status = 'paid' and billing_reason = 'subscription_cycle' and subscription_id in (select id from subscription where test_clock_id = ?)`,
    [clockId],
  );
  clearInterval(sampler);

  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
  console.log(
    `subscriptions: ${count} on one test clock (seeded in ${seedSeconds.toFixed(1)} s, workflows started in ${startSeconds.toFixed(1)} s = ${(count / startSeconds).toFixed(0)}/s)`,
  );
  console.log(`settling every flow on its period end (an advance with nothing due): ${settleSeconds.toFixed(1)} s`);
  console.log(
    `renewal at the same instant: ${paid} of ${count} renewal orders paid when the advance answered, after ${renewSeconds.toFixed(1)} s = ${(paid / renewSeconds).toFixed(1)} renewals/s`,
  );
  console.log(`peak memory of the process running the worker: RSS ${mb(peakRss)}, JS heap ${mb(peakHeap)}`);
  await stack.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
