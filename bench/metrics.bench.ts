// Benchmark (prints figures; not a test): a 12-month `GET /v1/metrics/` (every metric, by month) over an organization
// with 100,000 paid orders in two currencies, their refunds, checkouts and the states of its subscriptions, seeded
// straight into the metrics read model (two years of facts, deterministic); p50/p95 over `queries` calls, beside the
// bare engine underneath in the same run: one PostgreSQL aggregate of the orders' revenue per month over the same rows.
//   npx tsx bench/metrics.bench.ts [orders=100000] [queries=40]
import { percentile, benchOrganization, startBenchApi, writeResults } from './bench-stack';

const [orders = 100_000, queries = 40] = process.argv.slice(2).map(Number);

/** Two years of facts from 2026-01-01: orders (a quarter of them one-time), 3 % refunded, a checkout per order and
 * one abandoned in four, and subscriptions that start, renew, change plan, pause and end. */
function seed(organizationId: string): string[] {
  const subscriptions = Math.round(orders / 12);
  const base = `'2026-01-01'::timestamptz`;
  const columns = `id, organization_id, kind, source_id, at, currency, customer_id, product_id, order_id, billing_reason,
    recurring, amount, tax, status, mrr, trial_mrr, cancel_requested, cancel_reason`;
  return [
    `select setseed(0.37)`,
    `insert into metric_fact (${columns})
     select gen_random_uuid(), '${organizationId}', 'order', gen_random_uuid(),
       ${base} + (random() * 730) * interval '1 day', case when i % 3 = 0 then 'eur' else 'usd' end,
       gen_random_uuid(), null, null, case when i % 4 = 0 then 'purchase' else 'subscription_cycle' end,
       i % 4 <> 0, 1000 + (i % 50) * 100, 190 + (i % 50) * 19, null, 0, 0, false, null
     from generate_series(1, ${orders}) i`,
    `insert into metric_fact (${columns})
     select gen_random_uuid(), organization_id, 'refund', gen_random_uuid(), at + interval '3 days', currency,
       customer_id, null, source_id, null, recurring, amount / 2, tax / 2, null, 0, 0, false, null
     from metric_fact where organization_id = '${organizationId}' and kind = 'order' and random() < 0.03`,
    `insert into metric_fact (${columns})
     select gen_random_uuid(), '${organizationId}', 'checkout', gen_random_uuid(),
       ${base} + (random() * 730) * interval '1 day', 'usd', null, null, null, null, i % 2 = 0, 0, 0,
       case when i % 4 = 0 then 'open' else 'succeeded' end, 0, 0, false, null
     from generate_series(1, ${Math.round((orders * 4) / 3)}) i`,
    // Each subscription: started, then a state per month for 12 months — a plan change at month 4 (up or down), a
    // pause at month 7 for one in ten, the end at month 10 for one in five.
    `insert into metric_fact (${columns})
     select gen_random_uuid(), '${organizationId}', 'subscription', s.id, s.start + m * interval '1 month',
       s.currency, s.customer, null, null, null, true, 0, 0,
       case when m >= 10 and s.n % 5 = 0 then 'canceled' when m between 7 and 8 and s.n % 10 = 1 then 'paused'
         else 'active' end,
       case when (m >= 10 and s.n % 5 = 0) or (m between 7 and 8 and s.n % 10 = 1) then 0
         when m >= 4 then s.mrr + (s.n % 3 - 1) * 500 else s.mrr end,
       0, m >= 9 and s.n % 5 = 0, case when s.n % 5 = 0 then 'too_expensive' end
     from (select i as n, gen_random_uuid() as id, gen_random_uuid() as customer,
             case when i % 3 = 0 then 'eur' else 'usd' end as currency, 1000 + (i % 20) * 250 as mrr,
             ${base} + (random() * 365) * interval '1 day' as start
           from generate_series(1, ${subscriptions}) i) s
     cross join generate_series(0, 12) m`,
    // Each state with the one it followed, as the recorder writes them.
    `update metric_fact f set previous_status = p.ps, previous_mrr = coalesce(p.pm, 0), previous_cancel = coalesce(p.pc, false),
       had_mrr = coalesce(p.had, false)
     from (select id, lag(status) over w as ps, lag(mrr) over w as pm, lag(cancel_requested) over w as pc,
             bool_or(mrr > 0) over (w rows between unbounded preceding and 1 preceding) as had
           from metric_fact where organization_id = '${organizationId}' and kind = 'subscription'
           window w as (partition by source_id order by at, seq)) p
     where f.id = p.id`,
    `analyze metric_fact`,
  ];
}

async function main(): Promise<void> {
  const stack = await startBenchApi();
  try {
    const { organizationId, api } = await benchOrganization(stack, ['metrics:read']);
    const em = stack.env.orm.em.fork();
    const seeding = performance.now();
    for (const sql of seed(organizationId)) await em.execute(sql);
    const [{ facts }] = await em.execute<{ facts: string }[]>(
      'select count(*) as facts from metric_fact where organization_id = ?',
      [organizationId],
    );
    console.log(`seeded ${facts} facts (${orders} orders) in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

    const path = '/v1/metrics/?start_date=2027-01-01&end_date=2027-12-31&interval=month&timezone=Europe/Paris';
    const bare = () =>
      em.execute(
        `select date_trunc('month', at at time zone 'Europe/Paris') as month, currency, sum(amount + tax)
         from metric_fact where organization_id = ? and kind = 'order'
           and at >= '2027-01-01T00:00:00+01:00' and at < '2028-01-01T00:00:00+01:00' group by 1, 2`,
        [organizationId],
      );
    const time = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      return performance.now() - started;
    };
    const answer = await api('GET', path);
    console.log(
      `December 2027: MRR ${answer.periods[11].monthly_recurring_revenue} ${answer.currency}, ` +
        `${answer.totals.orders} orders in the year, ${answer.periods.length} periods, ${Object.keys(answer.metrics).length} metrics`,
    );
    for (let i = 0; i < 3; i++) await Promise.all([api('GET', path), bare()]); // warm-up
    const full: number[] = [];
    const engine: number[] = [];
    for (let i = 0; i < queries; i++) {
      full.push(await time(() => api('GET', path)));
      engine.push(await time(bare));
    }
    full.sort((a, b) => a - b);
    engine.sort((a, b) => a - b);
    const [p50, p95, b50, b95] = [
      percentile(full, 50),
      percentile(full, 95),
      percentile(engine, 50),
      percentile(engine, 95),
    ];
    console.log('\n| query | p50 ms | p95 ms |\n|---|---|---|');
    console.log(`| GET /v1/metrics/ (12 months, every metric) | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`);
    console.log(`| bare engine: one SQL aggregate of revenue per month | ${b50.toFixed(1)} | ${b95.toFixed(1)} |`);
    console.log(`ratio p95: ${(p95 / b95).toFixed(1)}×`);
    writeResults('metrics', {
      figures: [
        { name: `12-month metrics query at ${orders} orders p50`, value: p50, unit: 'ms' },
        {
          name: `12-month metrics query at ${orders} orders p95`,
          value: p95,
          unit: 'ms',
          baseline: { name: 'one SQL aggregate p95', value: b95 },
        },
      ],
      series: { latencies: full },
    });
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
