// Benchmark (prints figures; not a test): the list endpoints — GET /v1/orders/, /v1/subscriptions/ and /v1/products/
// with limit=20, each item with its embedded objects — under a closed loop of `concurrent` keep-alive connections for
// `seconds` each: requests/s, p50 and p99. Baselines in the same run, at the same concurrency, through the API's pool:
// a bare Koa handler doing one PostgreSQL round trip (`select 1`), and the ceiling of any rewrite of the orders list
// without the ORM — its page built as JSON by PostgreSQL in one statement (ORDERS_PAGE_SQL). One organization is
// seeded with `rows` customers, products (with a price and a benefit), subscriptions and orders (with an item) via SQL.
//   npx tsx bench/list-endpoints.bench.ts [concurrent=32] [seconds=10] [rows=2000] [endpoints=orders,subscriptions,products]
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { EntityManager } from '@mikro-orm/postgresql';
import { benchOrganization, percentile, startBenchApi, writeResults, type Figure } from './bench-stack';
import { closedLoop, type LoadRun } from './list-endpoints.load';

const [concurrent = 32, seconds = 10, rows = 2000] = process.argv.slice(2, 5).map(Number);
const ENDPOINTS = (process.argv[5] ?? 'orders,subscriptions,products').split(',');

async function main(): Promise<void> {
  const stack = await startBenchApi();
  const { env, base } = stack;
  const { organizationId, token, api } = await benchOrganization(stack, [
    'products:write',
    'benefits:write',
    'orders:read',
    'subscriptions:read',
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
  await seed(env.orm.em.fork(), organizationId, template.id, rows);
  console.log(
    `seeded ${rows} customers, products, subscriptions and orders in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  // The baselines: the same Koa, the same pool — one round trip, and the orders page built in one statement.
  const bare = new Koa();
  bare.use(async (ctx) => {
    if (ctx.path === '/orders-page') {
      ctx.type = 'json';
      ctx.body = (
        await env.orm.em.fork().execute<{ page: string }[]>(ORDERS_PAGE_SQL, [organizationId, organizationId])
      )[0].page;
      return;
    }
    ctx.body = (await env.orm.em.fork().execute('select 1 as one'))[0];
  });
  const bareServer = bare.listen(0, '127.0.0.1');
  await new Promise((resolve) => bareServer.once('listening', resolve));
  const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/`;

  const targets: [string, string][] = [
    ['select 1', bareUrl],
    ['orders page as one statement', `${bareUrl}orders-page`],
    ...ENDPOINTS.map((name): [string, string] => [name, `${base}/v1/${name}/?limit=20`]),
  ];
  for (const [name, url] of targets.slice(2)) {
    const page = await api('GET', new URL(url).pathname + new URL(url).search);
    if (page.items.length !== 20) throw new Error(`${name}: a page of ${page.items.length} items, not 20`);
  }
  const runs = new Map<string, LoadRun>();
  for (const [name, url] of targets) {
    await closedLoop(url, headers, concurrent, Math.min(2, seconds)); // warm-up: JIT, pools
    runs.set(name, await closedLoop(url, headers, concurrent, seconds));
  }

  const summary = (run: LoadRun) => {
    const sorted = [...run.latencies].sort((a, b) => a - b);
    return {
      perSecond: (run.latencies.length / run.elapsedMs) * 1000,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      failures: run.failures,
    };
  };
  const baseline = summary(runs.get('select 1')!);
  console.log(
    `\n${concurrent} connections, ${seconds} s each\n| endpoint | requests/s | p50 ms | p99 ms | non-200 |\n|---|---|---|---|---|`,
  );
  for (const [name, run] of runs) {
    const s = summary(run);
    console.log(
      `| ${BASELINES[name] ?? `GET /v1/${name}/?limit=20`} | ${s.perSecond.toFixed(0)} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.failures} |`,
    );
  }
  const figures: Figure[] = ENDPOINTS.flatMap((name) => {
    const s = summary(runs.get(name)!);
    return [
      {
        name: `GET /v1/${name}/ requests/s`,
        value: s.perSecond,
        unit: 'requests/s',
        baseline: { name: 'select 1', value: baseline.perSecond },
        target: '≥ 1,500',
      },
      { name: `GET /v1/${name}/ p50`, value: s.p50, unit: 'ms', baseline: { name: 'select 1', value: baseline.p50 } },
      {
        name: `GET /v1/${name}/ p99`,
        value: s.p99,
        unit: 'ms',
        baseline: { name: 'select 1', value: baseline.p99 },
        target: '≤ 50',
      },
      { name: `GET /v1/${name}/ non-200 answers`, value: s.failures, unit: 'requests', target: '≤ 0' },
    ];
  });
  const ceiling = summary(runs.get('orders page as one statement')!);
  figures.push({
    name: 'orders page as one SQL statement (the ceiling without the ORM) requests/s',
    value: ceiling.perSecond,
    unit: 'requests/s',
    baseline: { name: 'select 1', value: baseline.perSecond },
  });
  const series: Record<string, number[]> = {};
  for (const [name, run] of runs) {
    series[`latencies ${name}`] = run.latencies;
    series[`completions ${name}`] = run.completions;
  }
  writeResults('list-endpoints', { figures, series });
  bareServer.close();
  await stack.stop();
}

const BASELINES: Record<string, string> = {
  'select 1': 'bare Koa + select 1 (baseline)',
  'orders page as one statement': 'bare Koa + the orders page as one SQL statement (ceiling)',
};

/**
 * The ceiling of any ORM-free rewrite of the orders list: one statement in which PostgreSQL builds the whole page as
 * JSON — 20 orders with their customer, product, price, subscription and items, and the count — answered as it comes.
 */
const ORDERS_PAGE_SQL = `
  select json_build_object(
    'items', coalesce(json_agg(to_jsonb(o) || jsonb_build_object('customer', to_jsonb(c), 'product', to_jsonb(p), 'product_price', to_jsonb(pp),
      'subscription', to_jsonb(s), 'items', (select coalesce(jsonb_agg(to_jsonb(i) order by i.position), '[]') from order_item i where i.order_id = o.id))
      order by o.created_at desc, o.id), '[]'),
    'total', (select count(*) from "order" where organization_id = ?))::text as page
  from (select * from "order" where organization_id = ? order by created_at desc, id limit 20) o
    join customer c on c.id = o.customer_id left join product p on p.id = o.product_id
    left join product_price pp on pp.id = o.product_price_id left join subscription s on s.id = o.subscription_id`;

/** `rows` customers; products copied from the template (a price each, its benefit); a subscription and a paid order per customer. */
async function seed(em: EntityManager, organizationId: string, templateId: string, rows: number) {
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
  await em.execute('analyze customer, product, product_price, subscription, "order", order_item');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
