// Benchmark (prints figures; not a test): the list endpoints — GET /v1/orders/, /v1/subscriptions/, /v1/products/,
// /v1/customers/ and /v1/license-keys/ with limit=20, each item with its embedded objects — under a closed loop of `concurrent` keep-alive connections for
// `seconds` each: requests/s, p50, p99 and the API's CPU per request (its thread's, from /proc: the load is another thread). Baselines in the same run, at the same concurrency, through the API's pool:
// a bare Koa handler doing one PostgreSQL round trip (`select 1`), and the ceiling of any rewrite of the orders list
// without the ORM — its page built as JSON by PostgreSQL in one statement (ORDERS_PAGE_SQL). One organization is
// seeded with `rows` customers, products (with a price and a benefit), subscriptions, orders (with an item) and license
// keys via SQL. Quick: `npx tsx bench/list-endpoints.bench.ts 8 3 200`.
//   npx tsx bench/list-endpoints.bench.ts [concurrent=32] [seconds=10] [rows=2000] [endpoints=orders,…,license-keys]
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { benchOrganization, percentile, startBenchApi, writeResults, type Figure } from './bench-stack';
import { closedLoop, type LoadRun } from './list-endpoints.load';
import { seed } from './list-endpoints.seed';

const [concurrent = 32, seconds = 10, rows = 2000] = process.argv.slice(2, 5).map(Number);
const ENDPOINTS = (process.argv[5] ?? 'orders,subscriptions,products,customers,license-keys').split(',');

/** CPU ms the API's (main) thread has used: utime + stime of /proc/self/task/<pid>/stat, in clock ticks of 10 ms. */
function apiThreadCpuMs(): number {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

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
  const cpuPerRequest = new Map<string, number>();
  for (const [name, url] of targets) {
    await closedLoop(url, headers, concurrent, Math.min(2, seconds)); // warm-up: JIT, pools
    const cpuBefore = apiThreadCpuMs();
    const run = await closedLoop(url, headers, concurrent, seconds);
    cpuPerRequest.set(name, (apiThreadCpuMs() - cpuBefore) / run.latencies.length);
    runs.set(name, run);
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
    `\n${concurrent} connections, ${seconds} s each\n| endpoint | requests/s | vs ceiling | p50 ms | p99 ms | API CPU ms/request | non-200 |\n|---|---|---|---|---|---|---|`,
  );
  const ceilingPerSecond = summary(runs.get('orders page as one statement')!).perSecond;
  for (const [name, run] of runs) {
    const s = summary(run);
    const share = `${((s.perSecond / ceilingPerSecond) * 100).toFixed(0)} %`;
    const cpu = cpuPerRequest.get(name)!.toFixed(2);
    console.log(
      `| ${BASELINES[name] ?? `GET /v1/${name}/?limit=20`} | ${s.perSecond.toFixed(0)} | ${share} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${cpu} | ${s.failures} |`,
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
      { name: `GET /v1/${name}/ API CPU per request`, value: cpuPerRequest.get(name)!, unit: 'ms', target: '≤ 6' },
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
