// Benchmark (prints figures; not a test): the list endpoints — GET /v1/orders/, subscriptions, products, customers and
// license-keys with limit=20, each item with its embedded objects — under a closed loop of `concurrent` keep-alive
// connections for `seconds` each: requests/s, p50, p99 and the API process's CPU per page. Baselines in the same run,
// from the bare engine's API process (same Koa, a pg pool of the same size): one round trip (`select 1`), and each
// endpoint's page built as JSON by PostgreSQL in one statement (bench/baseline/list-page-sql.ts). One organization is
// seeded with `rows` customers, products (with a price and a benefit), subscriptions, orders (with an item) and
// license keys, via SQL.
//   npx tsx bench/list-endpoints.bench.ts [concurrent=32] [seconds=10] [rows=2000] [endpoints=orders,subscriptions,products,customers,license-keys]
import type { EntityManager } from '@mikro-orm/postgresql';
import { benchOrganization, percentile, startBenchApi, writeResults, type Figure } from './bench-stack';
import { read } from './measure/cost';
import { ratioFigure } from './measure/cost-figures';
import { closedLoop, type LoadRun } from './list-endpoints.load';

const [concurrent = 32, seconds = 10, rows = 2000] = process.argv.slice(2, 5).map(Number);
const ENDPOINTS = (process.argv[5] ?? 'orders,subscriptions,products,customers,license-keys').split(',');

async function main(): Promise<void> {
  const stack = await startBenchApi();
  const { env, base } = stack;
  const { organizationId, token, api } = await benchOrganization(stack, [
    'products:write',
    'benefits:write',
    'orders:read',
    'subscriptions:read',
    'customers:read',
    'license_keys:read',
  ]);
  const headers = { authorization: `Bearer ${token}` };

  const seeding = performance.now();
  const benefit = await api('POST', '/v1/benefits/', {
    type: 'license_keys',
    description: 'Bench licence',
    properties: { prefix: 'BENCH' },
  });
  const template = await api('POST', '/v1/products/', {
    name: 'Bench plan',
    recurring_interval: 'month',
    prices: [{ amount_type: 'fixed', price_amount: 1000 }],
  });
  await api('POST', `/v1/products/${template.id}/benefits`, { benefits: [benefit.id] });
  await seed(env.orm.em.fork(), organizationId, template.id, benefit.id, rows);
  console.log(
    `seeded ${rows} customers, products, subscriptions, orders and license keys in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const bare = await stack.startBare();
  const apiProcess = { api: stack.processes.api! };
  const bareProcess = { api: [bare.apiPid] };
  const targets = [
    { name: 'select 1', url: `${bare.base}/select-1`, processes: bareProcess },
    ...ENDPOINTS.flatMap((name) => [
      {
        name: `${name} page as one statement`,
        url: `${bare.base}/pages/${name}?organization_id=${organizationId}`,
        processes: bareProcess,
      },
      { name, url: `${base}/v1/${name}/?limit=20`, processes: apiProcess },
    ]),
  ];
  for (const name of ENDPOINTS) {
    const page = await api('GET', `/v1/${name}/?limit=20`);
    if (page.items.length !== 20) throw new Error(`${name}: a page of ${page.items.length} items, not 20`);
  }
  const runs = new Map<string, LoadRun & { cpuMsPerRequest: number }>();
  for (const { name, url, processes } of targets) {
    await closedLoop(url, headers, concurrent, Math.min(2, seconds)); // warm-up: JIT, pools
    const before = await read(processes);
    const run = await closedLoop(url, headers, concurrent, seconds);
    const cpuMs = (await read(processes)).cpuMs.api - before.cpuMs.api;
    runs.set(name, { ...run, cpuMsPerRequest: cpuMs / run.latencies.length });
  }

  for (const [name, run] of runs) if (run.failures) throw new Error(`${name}: ${run.failures} answers other than 200`);
  const summary = (name: string) => {
    const run = runs.get(name)!;
    const sorted = [...run.latencies].sort((a, b) => a - b);
    return {
      perSecond: (run.latencies.length / run.elapsedMs) * 1000,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      failures: run.failures,
      cpuMs: run.cpuMsPerRequest,
    };
  };
  console.log(
    `\n${concurrent} connections, ${seconds} s each\n| endpoint | requests/s | p50 ms | p99 ms | API CPU ms/request | non-200 |\n|---|---|---|---|---|---|`,
  );
  for (const { name } of targets) {
    const s = summary(name);
    const label = ENDPOINTS.includes(name) ? `GET /v1/${name}/?limit=20` : `bare: ${name}`;
    console.log(
      `| ${label} | ${s.perSecond.toFixed(0)} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.cpuMs.toFixed(2)} | ${s.failures} |`,
    );
  }
  const figures: Figure[] = ENDPOINTS.flatMap((name) => {
    const s = summary(name);
    const ceiling = summary(`${name} page as one statement`);
    const oneStatement = { name: 'the page as one SQL statement', value: ceiling.perSecond };
    return [
      { name: `GET /v1/${name}/ requests/s`, value: s.perSecond, unit: 'requests/s', baseline: oneStatement },
      ratioFigure(`GET /v1/${name}/ requests/s as a share of one statement's`, s.perSecond, oneStatement, '≥ 60'),
      {
        name: `GET /v1/${name}/ API CPU per 20-item page`,
        value: s.cpuMs,
        unit: 'ms',
        baseline: { name: 'bare API, one statement', value: ceiling.cpuMs },
        target: '≤ 6',
      },
      {
        name: `GET /v1/${name}/ p50`,
        value: s.p50,
        unit: 'ms',
        baseline: { name: 'one statement', value: ceiling.p50 },
      },
      {
        name: `GET /v1/${name}/ p99`,
        value: s.p99,
        unit: 'ms',
        baseline: { name: 'one statement', value: ceiling.p99 },
      },
      { name: `GET /v1/${name}/ non-200 answers`, value: s.failures, unit: 'requests', target: '≤ 0' },
    ];
  });
  const select1 = summary('select 1');
  figures.push({ name: 'bare Koa + select 1 requests/s', value: select1.perSecond, unit: 'requests/s' });
  const series: Record<string, number[]> = {};
  for (const [name, run] of runs) {
    series[`latencies ${name}`] = run.latencies;
    series[`completions ${name}`] = run.completions;
  }
  writeResults('list-endpoints', { figures, series });
  await stack.stop();
}

/**
 * `rows` customers; products copied from the template (a price each, its benefit); a subscription, a paid order and a
 * license key per customer.
 */
async function seed(em: EntityManager, organizationId: string, templateId: string, benefitId: string, rows: number) {
  await em.execute(
    `insert into customer (id, organization_id, email, name, billing_address, metadata, created_at)
     select gen_random_uuid(), ?, 'list-' || n || '@example.com', 'Bench Buyer ' || n, '{"country": "DE"}', '{}', now() - n * interval '1 second'
     from generate_series(1, ?) n`,
    [organizationId, rows],
  );
  await em.execute(
    `with copied as (
       insert into product (id, organization_id, name, description, visibility, recurring_interval, recurring_interval_count, metadata, benefit_ids, created_at)
       select gen_random_uuid(), t.organization_id, 'Bench plan ' || n, 'A plan of the list benchmark', t.visibility, t.recurring_interval,
         t.recurring_interval_count, jsonb_build_object('n', n), t.benefit_ids, now() - n * interval '1 second'
       from product t, generate_series(1, ?) n where t.id = ?
       returning id, created_at)
     insert into product_price (id, product_id, organization_id, amount_type, currency, tax_behavior, price_amount, position, created_at)
     select gen_random_uuid(), copied.id, t.organization_id, t.amount_type, t.currency, t.tax_behavior, t.price_amount + 100, t.position, copied.created_at
     from copied, product_price t where t.product_id = ?`,
    [rows - 1, templateId, templateId],
  );
  await em.execute(
    `with c as (select id, created_at, row_number() over (order by id) as n from customer where organization_id = ?),
          p as (select p.id as product_id, pp.id as price_id, pp.price_amount, row_number() over (order by p.id) - 1 as k, count(*) over () as total
                from product p join product_price pp on pp.product_id = p.id where p.organization_id = ?)
     insert into subscription (id, organization_id, customer_id, product_id, price_id, status, currency, recurring_interval, recurring_interval_count,
       price_amount, amount, anchor_day, current_period_start, current_period_end, started_at, billing_address, tax_behavior, metadata, custom_field_data, created_at)
     select gen_random_uuid(), ?, c.id, p.product_id, p.price_id, 'active', 'usd', 'month', 1, p.price_amount, p.price_amount, 1,
       '2025-01-01', '2025-02-01', '2025-01-01', '{"country": "DE"}', 'inclusive', '{}', '{}', c.created_at
     from c join p on p.k = c.n % p.total`,
    [organizationId, organizationId, organizationId],
  );
  await em.execute(
    `insert into "order" (id, organization_id, status, billing_reason, customer_id, product_id, product_price_id, subscription_id, cycle_key, currency,
       subtotal_amount, discount_amount, net_amount, tax_amount, total_amount, billing_name, billing_address, description, paid_at, created_at, tax_behavior)
     select gen_random_uuid(), organization_id, 'paid', 'subscription_cycle', customer_id, product_id, price_id, id, id || ':2025-01-01', currency,
       amount, 0, amount, amount * 19 / 100, amount + amount * 19 / 100, 'Bench Buyer', billing_address, 'Bench plan (monthly)', created_at, created_at, tax_behavior
     from subscription where organization_id = ?`,
    [organizationId],
  );
  await em.execute(
    `insert into order_item (id, order_id, label, amount, tax_amount, product_price_id, position, created_at)
     select gen_random_uuid(), id, description, net_amount, tax_amount, product_price_id, 0, created_at from "order" where organization_id = ?`,
    [organizationId],
  );
  await em.execute(
    `with g as (
       insert into benefit_grant (id, organization_id, customer_id, benefit_id, subscription_id, granted_at, properties, created_at)
       select gen_random_uuid(), organization_id, customer_id, ?, id, created_at, '{}', created_at from subscription where organization_id = ?
       returning id, organization_id, customer_id, created_at)
     insert into license_key (id, organization_id, customer_id, benefit_id, grant_id, key, status, created_at)
     select gen_random_uuid(), organization_id, customer_id, ?, id, 'BENCH-' || upper(replace(id::text, '-', '')), 'granted', created_at from g`,
    [benefitId, organizationId, benefitId],
  );
  await em.execute(
    'analyze customer, product, product_price, subscription, "order", order_item, benefit_grant, license_key',
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
