// Subscriptions ending at one instant renew spread over RENEWAL_SPREAD_SECONDS, each at the offset its id fixes: the
// renewal order is written no earlier than that, for the period that ended (issue 33's month-start burst).
import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { idFraction, renewalDueAt } from '../../src/domains/subscription/renewal-spread.logic';
import { subscriptionWorkflowId, WORKFLOW_TYPES } from '../../workflows/definitions';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { ordersOf, sandboxCaller, type Call } from '../support/subscriptions';

const SPREAD_SECONDS = 4;
let h: TestHarness;
let call: Call;

beforeAll(async () => {
  h = await startHarness({ RENEWAL_SPREAD_SECONDS: String(SPREAD_SECONDS) });
  await h.startWorker('sandbox');
  call = await sandboxCaller(h);
});
afterAll(() => h.close());

/** When the subscription's first run scheduled its renewal activity (wall time, from the history). */
async function renewalScheduledAt(client: Client, subscriptionId: string): Promise<string> {
  const runs: { runId: string; startTime: Date }[] = [];
  const query = `WorkflowId = '${subscriptionWorkflowId(subscriptionId)}'`;
  for await (const execution of client.workflow.list({ query })) runs.push(execution);
  runs.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
  const { events } = await client.workflow
    .getHandle(subscriptionWorkflowId(subscriptionId), runs[0].runId)
    .fetchHistory();
  const scheduled = events!.find(
    (event) => event.activityTaskScheduledEventAttributes?.activityType?.name === 'renewAndChargeSubscription',
  )!;
  const { seconds, nanos } = scheduled.eventTime!;
  return new Date(Number(seconds) * 1000 + Math.floor((nanos ?? 0) / 1e6)).toISOString();
}

/** An id whose renewal runs late in the window (so that a renewal at the period's end would show). */
function lateId(): string {
  for (;;) {
    const id = randomUUID();
    if (idFraction(id) > 0.6) return id;
  }
}

test('a renewal runs at its offset after the period ends, not at the instant', async () => {
  const env = h.env.sandbox;
  const product = (
    await call('POST', '/v1/products/', {
      name: 'Monthly',
      recurring_interval: 'month',
      prices: [{ amount_type: 'fixed', price_amount: 1000 }],
    })
  ).body;
  const processor = env.processor!;
  const { customerId: processorCustomer } = await processor.createCustomer({
    email: 'spread@example.com',
    idempotencyKey: `test:${randomUUID()}`,
  });
  const method = await processor.savePaymentMethod({
    customerId: processorCustomer,
    confirmationToken: 'pm_card_visa',
    idempotencyKey: `test:${randomUUID()}`,
  });
  const [customerId, subscriptionId] = [randomUUID(), lateId()];
  const periodEnd = new Date(Math.ceil((Date.now() + 2000) / 1000) * 1000).toISOString();
  const periodStart = new Date(Date.parse(periodEnd) - 31 * 86_400_000).toISOString();
  const em = env.orm.em.fork();
  await em.execute(
    `insert into customer (id, organization_id, email, metadata, created_at) values (?, ?, 'spread@example.com', '{}', ?)`,
    [customerId, product.organization_id, periodStart],
  );
  await em.execute(
    `insert into subscription (id, organization_id, customer_id, product_id, price_id, status, currency, recurring_interval,
       recurring_interval_count, price_amount, amount, anchor_day, current_period_start, current_period_end, started_at,
       billing_address, tax_behavior, processor_customer_id, payment_method_token, metadata, custom_field_data, created_at)
     values (?, ?, ?, ?, ?, 'active', 'usd', 'month', 1, 1000, 1000, ?, ?, ?, ?, '{"country": "DE"}', 'inclusive', ?, ?,
       '{}', '{}', ?)`,
    [
      subscriptionId,
      product.organization_id,
      customerId,
      product.id,
      product.prices[0].id,
      new Date(periodStart).getUTCDate(),
      periodStart,
      periodEnd,
      periodStart,
      processorCustomer,
      method.token,
      periodStart,
    ],
  );
  await env.temporal.workflow.start(WORKFLOW_TYPES.subscription, {
    taskQueue: env.taskQueue,
    workflowId: subscriptionWorkflowId(subscriptionId),
    args: [{ subscriptionId }],
  });

  const due = renewalDueAt(periodEnd, subscriptionId, SPREAD_SECONDS * 1000);
  expect(Date.parse(due) - Date.parse(periodEnd)).toBeGreaterThan(0.6 * SPREAD_SECONDS * 1000);
  const [renewal] = await eventually(async () => {
    const orders = await ordersOf(call, customerId);
    return orders[0]?.status === 'paid' && orders;
  }, 30_000);
  expect(renewal.billing_reason).toBe('subscription_cycle');
  expect(renewal.created_at).toBe(periodEnd); // the order is dated at the period's end, whenever it is written
  expect(Date.parse(await renewalScheduledAt(env.temporal, subscriptionId))).toBeGreaterThanOrEqual(Date.parse(due));
  const subscription = (await call('GET', `/v1/subscriptions/${subscriptionId}`)).body;
  expect(subscription.current_period_start).toBe(periodEnd); // the period did not move with the renewal
});
