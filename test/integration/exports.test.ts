// The CSV exports of subscriptions, customers and orders over real HTTP in the sandbox (a real checkout, a real
// worker): their columns, the list's filters, the time zone and column choice, refusals; then 50,000 subscriptions
// and 50,000 customers seeded in SQL, streamed while the API's heap is measured (a forced GC before each sample, so
// the figure is what the export holds, not garbage awaiting collection).
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { startHarness, type TestHarness } from '../support/harness';
import { SUBSCRIPTION_SCOPES, subscribe, type Call } from '../support/subscriptions';

let h: TestHarness;
let call: Call;
let token: string;
let organizationId: string;
let subscribed: Awaited<ReturnType<typeof subscribe>>;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  const org = await h.organization([...SUBSCRIPTION_SCOPES], 'sandbox');
  ({ token, id: organizationId } = org);
  call = (method, path, json, headers) => h.request(method, path, { token, environment: 'sandbox', json, headers });
  subscribed = await subscribe(h, call, { price: 1500, start: '2026-03-01T09:30:00Z', country: 'FR' });
});
afterAll(() => h.close());

const get = (path: string) =>
  fetch(`${h.url.sandbox}${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'text/csv' } });

async function csv(path: string): Promise<string[][]> {
  const response = await get(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
  // No cell of these exports holds a comma or a line break except the metadata JSON, read by the test that has one.
  return (await response.text())
    .trim()
    .split('\n')
    .map((line) => line.split(','));
}

test('subscriptions export: the reference columns, the list filters, time zone and columns, refusals', async () => {
  const { subscription, productId } = subscribed;
  const [header, ...rows] = await csv('/v1/subscriptions/export');
  expect(header.slice(0, 8)).toEqual([
    'id',
    'customer_id',
    'customer_external_id',
    'product_id',
    'email',
    'started_at',
    'product',
    'amount',
  ]);
  expect(rows).toHaveLength(1);
  const row = Object.fromEntries(header.map((column, i) => [column, rows[0][i]]));
  expect(row).toMatchObject({
    id: subscription.id,
    customer_id: subscription.customer_id,
    product_id: productId,
    email: subscription.customer.email,
    started_at: '2026-03-01T09:30:00.000Z',
    product: 'Plan 1500',
    amount: '1500',
    net_amount: '1500',
    currency: 'usd',
    status: 'active',
    recurring_interval: 'month',
    billing_country: 'FR',
    cancel_at_period_end: 'false',
    current_period_end: '2026-04-01T09:30:00.000Z',
    canceled_at: '',
  });

  // The zone the dates are written in, and only the columns asked for (in the file's order).
  const zoned = await csv('/v1/subscriptions/export?timezone=Europe/Paris&columns=status&columns=started_at');
  expect(zoned).toEqual([
    ['started_at', 'status'],
    ['2026-03-01T10:30:00.000+01:00', 'active'],
  ]);

  // The list's filters: each one that excludes the row leaves the header alone.
  for (const filter of [
    'status=canceled',
    `product_id=${subscription.customer_id}`,
    `customer_id=${productId}`,
    'cancel_at_period_end=true',
    'active=false',
    'started_after=2026-03-02T00:00:00Z',
    'started_before=2026-02-28T00:00:00Z',
    'metadata[plan]=gold',
  ])
    expect(await csv(`/v1/subscriptions/export?${filter}`)).toHaveLength(1);
  for (const filter of ['status=active', `product_id=${productId}`, 'started_after=2026-03-01T00:00:00Z'])
    expect(await csv(`/v1/subscriptions/export?${filter}`)).toHaveLength(2);

  for (const bad of ['timezone=Mars/Olympus', 'columns=password', 'status=asleep', 'started_after=yesterday']) {
    const refused = await get(`/v1/subscriptions/export?${bad}`);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as any).detail[0].loc[0]).toBe('query');
  }
});

test('customers export: live customers only, the list filters, metadata as JSON, formulas as text', async () => {
  const made = await call('POST', '/v1/customers/', {
    email: 'export-me@example.com',
    name: '=HYPERLINK("x")',
    external_id: 'ext-export-1',
    metadata: { tier: 'gold' },
    billing_address: { country: 'DE', city: 'Berlin', postal_code: '10115', line1: 'Str. 1' },
  });
  expect(made.status).toBe(201);
  const gone = await call('POST', '/v1/customers/', { email: 'export-gone@example.com' });
  expect((await call('DELETE', `/v1/customers/${gone.body.id}`)).status).toBe(204);

  const all = await csv('/v1/customers/export');
  expect(all[0]).toEqual([
    'id',
    'external_id',
    'created_at',
    'email',
    'name',
    'billing_name',
    'billing_address_line1',
    'billing_address_line2',
    'billing_address_postal_code',
    'billing_address_city',
    'billing_address_state',
    'billing_address_country',
    'tax_id',
    'metadata',
  ]);
  const emails = all.slice(1).map((row) => row[3]);
  expect(emails).toEqual([subscribed.subscription.customer.email, 'export-me@example.com']); // oldest first
  const text = await (await get('/v1/customers/export?email=EXPORT-ME@example.com')).text();
  const row = text.trim().split('\n')[1].split(',');
  expect(row.slice(0, 2)).toEqual([made.body.id, 'ext-export-1']);
  expect(new Date(row[2]).getTime()).toBe(new Date(made.body.created_at).getTime());
  expect(text).toContain(`"'=HYPERLINK(""x"")"`);
  expect(text).toContain(`Str. 1,,10115,Berlin,,DE,,"{""tier"":""gold""}"`);
  expect(await csv('/v1/customers/export?query=ext-export')).toHaveLength(2);
  expect(await csv('/v1/customers/export?metadata[tier]=gold')).toHaveLength(2);
  expect(await csv('/v1/customers/export?metadata[tier]=silver')).toHaveLength(1);
  expect(await csv('/v1/customers/export?columns=email&email=export-me@example.com')).toEqual([
    ['email'],
    ['export-me@example.com'],
  ]);
});

test('orders export: the reference filters (status, creation dates) and columns', async () => {
  const [order] = (await call('GET', `/v1/orders/?customer_id=${subscribed.subscription.customer_id}`)).body.items;
  expect(await csv('/v1/orders/export?status=paid&columns=email&columns=total_amount')).toEqual([
    ['email', 'total_amount'],
    [subscribed.subscription.customer.email, String(order.total_amount)],
  ]);
  expect(await csv('/v1/orders/export?status=refunded')).toHaveLength(1);
  expect(await csv('/v1/orders/export?created_after=2099-01-01T00:00:00Z')).toHaveLength(1);
  expect(await csv(`/v1/orders/export?customer_id=${subscribed.subscription.customer_id}`)).toHaveLength(2);
});

/** Streams `path`, counting lines, and samples the heap (after a full GC) at each MiB that arrives. */
async function streamMeasured(path: string) {
  gc();
  const baseline = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  let peak = baseline;
  let [lines, bytes, sampledAt, gcMs] = [0, 0, 0, 0];
  const response = await get(path);
  expect(response.status).toBe(200);
  const started = Date.now();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
    if (bytes - sampledAt >= 2 ** 20) {
      const gcStarted = Date.now();
      gc();
      gcMs += Date.now() - gcStarted;
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      sampledAt = bytes;
    }
  }
  const mb = (n: number) => Math.round((n / 2 ** 20) * 10) / 10;
  return {
    rows: lines - 1,
    mb: mb(bytes),
    heapGrowthMb: mb(peak - baseline),
    rssGrowthMb: mb(process.memoryUsage().rss - rssBefore),
    seconds: (Date.now() - started) / 1000,
    gcSeconds: gcMs / 1000, // of `seconds`: the test's forced collections (API and test share the process)
  };
}

test('50,000 subscriptions and 50,000 customers stream in bounded memory', async () => {
  const em = h.env.sandbox.orm.em.fork();
  const [{ columns }] = await em.execute(
    `select string_agg(column_name, ', ') as columns from information_schema.columns
     where table_schema = current_schema() and table_name = 'subscription'
       and column_name not in ('id', 'checkout_id', 'created_at', 'started_at')`,
  );
  await em.execute(
    `insert into subscription (id, created_at, started_at, ${columns})
     select gen_random_uuid(), s.created_at + g * interval '1 second', s.started_at + g * interval '1 second', ${columns}
     from subscription s, generate_series(1, 50000) g where s.id = ?`,
    [subscribed.subscription.id],
  );
  await em.execute(
    `insert into customer (id, organization_id, email, name, metadata, created_at)
     select gen_random_uuid(), ?, 'bulk-' || g || '@example.com', 'Bulk ' || g, '{"bulk":"yes"}', now() + g * interval '1 ms'
     from generate_series(1, 50000) g`,
    [organizationId],
  );
  const started = new Date('2026-03-01T09:30:00Z').getTime();
  const before = new Date(started + 999_000).toISOString();

  const small = await streamMeasured(`/v1/subscriptions/export?started_before=${before}`);
  const large = await streamMeasured('/v1/subscriptions/export');
  const customers = await streamMeasured('/v1/customers/export?metadata[bulk]=yes');
  console.log(
    'export memory (heap held after GC, peak over the stream):\n' +
      `  subscriptions  1,000 rows: ${JSON.stringify(small)}\n` +
      `  subscriptions 50,001 rows: ${JSON.stringify(large)}\n` +
      `  customers     50,000 rows: ${JSON.stringify(customers)}`,
  );
  expect(small.rows).toBe(1000);
  expect(large.rows).toBe(50_001);
  expect(customers.rows).toBe(50_000);
  // The whole 50,000-row file is ~10 MB of text and far more as rows in memory; the export holds about one page.
  expect(large.mb).toBeGreaterThan(8);
  for (const run of [large, customers]) {
    expect(run.heapGrowthMb).toBeLessThan(24);
    expect(run.heapGrowthMb).toBeLessThan(small.heapGrowthMb + 16);
  }
}, 300_000);
