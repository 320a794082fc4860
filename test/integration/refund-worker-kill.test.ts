// Workers lost in the middle of a refund, after the processor refunded and before the refund is recorded: a worker
// process killed (SIGKILL) while recording it, and in-process crashes right after the processor call and right after
// recording. Each time another attempt finishes the refund, and the card gets exactly one refund. The test does for the
// killed worker's activity what Temporal does at its start-to-close timeout (a minute): fails it, so another attempt
// runs now.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { crashOnce } from '../support/crash';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import type { Call } from '../support/subscriptions';
import { failActivitiesOfDeadWorker, startWorkerProcess } from '../support/worker-process';

let h: TestHarness;
let call: Call;
let organizationId: string;
let productId: string;
let worker: ChildProcess | undefined;
const crashes: string[] = [];

beforeAll(async () => {
  h = await startHarness();
  const org = await h.organization(
    ['products:write', 'checkouts:write', 'orders:read', 'refunds:read', 'refunds:write'],
    'sandbox',
  );
  organizationId = org.id;
  call = (method, path, json) => h.request(method, path, { token: org.token, environment: 'sandbox', json });
  productId = (
    await call('POST', '/v1/products/', { name: 'Course', prices: [{ amount_type: 'fixed', price_amount: 11_900 }] })
  ).body.id;
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  await h.close();
});

const db = () => h.env.sandbox.orm.em.fork();

/** An order paid through a checkout in Germany: net 10000, tax 1900. */
async function paidOrder() {
  const checkout = await call('POST', '/v1/checkouts/', {
    products: [productId],
    customer_email: `buyer-${randomUUID()}@example.com`,
    customer_billing_address: { country: 'DE' },
  });
  await h.request('POST', `/v1/checkouts/client/${checkout.body.client_secret}/confirm`, {
    environment: 'sandbox',
    json: { confirmation_token_id: 'pm_card_visa' },
  });
  return eventually(async () => {
    const [order] = (await call('GET', `/v1/orders/?checkout_id=${checkout.body.id}`)).body.items;
    return order?.paid && order;
  }, 30_000);
}

const refundRow = async (id: string) =>
  (
    await db().execute<{ status: string; credit_note_number: string | null }[]>(
      'select status, credit_note_number from refund where id = ?',
      [id],
    )
  )[0];

const processorRefunds = async (orderId: string) =>
  (
    await db().execute<{ amount: number }[]>(
      `select r.amount from sandbox_processor_refund r join "order" o on o.charge_id = r.charge_id where o.id = ?`,
      [orderId],
    )
  ).map((r) => r.amount);

test('a worker killed while recording a refund the processor made: the refund succeeds once, on one processor refund', async () => {
  worker = await startWorkerProcess(h);
  const order = await paidOrder();

  // Recording the refund takes the next credit-note number: holding that counter row stops the worker right there.
  const blocker = new Client({ connectionString: h.config.databaseUrls.sandbox });
  await blocker.connect();
  await blocker.query('begin');
  await blocker.query(
    `insert into document_counter (organization_id, series, last_value) values ($1, 'credit_note', 1)`,
    [organizationId],
  );

  const created = await call('POST', '/v1/refunds/', { order_id: order.id, amount: 2_500, reason: 'customer_request' });
  expect(created.status).toBe(201);
  await eventually(async () => (await processorRefunds(order.id)).length === 1, 30_000);
  const { rows } = await blocker.query<{ pid: number }>('select pg_backend_pid() as pid');
  await eventually(async () => {
    // This worker's recording, waiting for the row held here (other test files may be waiting on rows of their own).
    const waiting = await db().execute(
      `select 1 from pg_stat_activity where ? = any(pg_blocking_pids(pid)) and query like '%document_counter%'`,
      [rows[0].pid],
    );
    return waiting.length > 0;
  });
  worker.kill('SIGKILL'); // the processor refunded; the refund is still pending
  await new Promise((resolve) => worker!.once('exit', resolve));
  expect(await failActivitiesOfDeadWorker(h, organizationId, worker)).toContain('succeedRefund');
  await blocker.query('rollback');
  await blocker.end();
  expect((await refundRow(created.body.id)).status).toBe('pending');

  await h.startWorker('sandbox', (real) => ({
    ...real,
    processRefund: crashOnce(crashes, 'processRefund', real.processRefund),
    succeedRefund: crashOnce(crashes, 'succeedRefund', real.succeedRefund),
  }));
  await eventually(async () => (await refundRow(created.body.id)).status === 'succeeded', 120_000);

  expect(await processorRefunds(order.id)).toEqual([2_975]);
  const [{ slug }] = await db().execute<{ slug: string }[]>('select slug from organization where id = ?', [
    organizationId,
  ]);
  expect((await refundRow(created.body.id)).credit_note_number).toBe(`CN-${slug.toUpperCase()}-0001`);
  expect((await call('GET', `/v1/orders/${order.id}`)).body).toMatchObject({
    status: 'partially_refunded',
    refunded_amount: 2_500,
    refunded_tax_amount: 475,
  });
}, 180_000);

test('a worker lost right after the processor refunded: the retry gets the same processor refund', async () => {
  const order = await paidOrder();
  const created = await call('POST', '/v1/refunds/', { order_id: order.id, amount: 10_000, reason: 'other' });
  expect(created.status).toBe(201);
  await eventually(async () => (await refundRow(created.body.id)).status === 'succeeded', 30_000);

  expect(crashes).toContain('processRefund'); // lost once right after the processor refunded
  expect(await processorRefunds(order.id)).toEqual([11_900]);
  const [{ n }] = await db().execute<{ n: number }[]>(
    'select count(*)::int as n from sandbox_processor_refund where idempotency_key = ?',
    [`refund:${created.body.id}`],
  );
  expect(n).toBe(1);
  expect((await call('GET', `/v1/orders/${order.id}`)).body).toMatchObject({
    status: 'refunded',
    refunded_amount: 10_000,
    refunded_tax_amount: 1_900,
  });
});
