// The timeline at five years of monthly history (and 100,000 entries of other customers beside it): a page is a few
// indexed statements whatever the history's length — a read model, not a history scan per request.
import { countSql, sqlSince } from '../../bench/measure/sql-counter';
import { startHarness, type TestHarness } from '../support/harness';

countSql();

let h: TestHarness;
let call: (method: string, path: string, json?: unknown) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  h = await startHarness();
  const org = await h.organization(['customers:read', 'customers:write'], 'sandbox');
  call = (method, path, json) => h.request(method, path, { token: org.token, environment: 'sandbox', json });
}, 60_000);
afterAll(() => h?.close());

const TYPES = ['order.created', 'subscription.renewed', 'payment.succeeded', 'order.paid', 'benefit.granted'];

test('five years of monthly renewals: each page is the same few indexed statements', async () => {
  const customer = await call('POST', '/v1/customers/', { email: 'five-years@example.com' });
  expect(customer.status).toBe(201);
  const em = h.env.sandbox.orm.em.fork();
  const [{ organization_id: organizationId }] = await em.execute<{ organization_id: string }[]>(
    'select organization_id from customer where id = ?',
    [customer.body.id],
  );
  // 60 months × 5 entries for this customer, and 2,000 other customers × 50 entries.
  const insert = `insert into timeline_entry (id, organization_id, customer_id, at, type, resource_type, resource_id,
      subscription_id, amount, currency, summary, details, cause)
    select gen_random_uuid(), ?, %CUSTOMER%, timestamptz '2022-01-10 12:00Z' + (m || ' months')::interval,
      (?::text[])[1 + t], 'order', gen_random_uuid(), null, 1000, 'usd', 'Renewal', '{}', '{"type":"timer","name":"renewal due"}'
    from generate_series(0, %MONTHS%) m, generate_series(0, 4) t %OTHERS%`;
  await em.execute(insert.replace('%CUSTOMER%', '?').replace('%MONTHS%', '59').replace('%OTHERS%', ''), [
    organizationId,
    customer.body.id,
    `{${TYPES.join(',')}}`,
  ]);
  await em.execute(
    insert
      .replace('%CUSTOMER%', 'c.id')
      .replace('%MONTHS%', '9')
      .replace('%OTHERS%', ', (select gen_random_uuid() as id from generate_series(1, 2000)) c'),
    [organizationId, `{${TYPES.join(',')}}`],
  );
  await em.execute('analyze timeline_entry');

  const path = `/v1/customers/${customer.body.id}/timeline`;
  const first = await call('GET', `${path}?limit=20`);
  expect(first.status).toBe(200);
  expect(first.body.pagination).toEqual({ total_count: 300, max_page: 15 });
  expect(first.body.items[0].at).toBe('2026-12-10T12:00:00.000Z');

  const costs: number[] = [];
  const times: number[] = [];
  for (const page of [1, 8, 15]) {
    const before = { ...countSql() };
    const started = performance.now();
    const answer = await call('GET', `${path}?limit=20&page=${page}`);
    times.push(performance.now() - started);
    costs.push(sqlSince(before).statements);
    expect(answer.body.items).toHaveLength(20);
  }
  console.log(
    `timeline page at 5 years: ${costs.join(', ')} statements; ${times.map((t) => t.toFixed(1)).join(', ')} ms`,
  );
  // The token, the customer's existence, the page, its count, its events' deliveries (and on the first page the
  // live subscriptions, whose flows answer the next step): the same on the last page as on the first.
  expect(Math.max(...costs)).toBeLessThanOrEqual(6);
  expect(costs[2]).toBeLessThanOrEqual(costs[0]);

  // Both reads walk the customer's index, never the table.
  for (const sql of [
    `select id from timeline_entry where organization_id = ? and customer_id = ? order by at desc, seq desc limit 20 offset 280`,
    `select count(*) from timeline_entry where organization_id = ? and customer_id = ?`,
  ]) {
    const plan = await em.execute<{ 'QUERY PLAN': string }[]>(`explain ${sql}`, [organizationId, customer.body.id]);
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('timeline_entry_customer_idx');
    expect(text).not.toContain('Seq Scan');
  }
});
