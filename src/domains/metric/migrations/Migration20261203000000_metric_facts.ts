import { Migration } from '@mikro-orm/migrations';

/**
 * The metrics read model: one row per billing fact (an order paid, a refund, a checkout, a subscription's state),
 * fed by the webhook events in their own transactions, and the organizations' metric dashboards.
 * `seq` orders the facts of one instant as they were written.
 */
export class Migration20261203000000_metric_facts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table metric_fact (
      id uuid primary key,
      seq bigint generated always as identity,
      organization_id uuid not null,
      kind text not null check (kind in ('order', 'refund', 'checkout', 'subscription')),
      source_id uuid not null,
      at timestamptz not null,
      currency text not null,
      customer_id uuid,
      product_id uuid,
      order_id uuid,
      billing_reason text,
      recurring boolean not null,
      amount bigint not null default 0,
      tax bigint not null default 0,
      status text,
      mrr bigint not null default 0,
      trial_mrr bigint not null default 0,
      cancel_requested boolean not null default false,
      cancel_reason text,
      previous_status text,
      previous_mrr bigint not null default 0,
      previous_trial_mrr bigint not null default 0,
      previous_product_id uuid,
      previous_cancel boolean not null default false,
      had_mrr boolean not null default false
    );`);
    this.addSql('create index metric_fact_time_idx on metric_fact (organization_id, kind, at);');
    this.addSql(
      `create index metric_fact_subscription_idx on metric_fact (organization_id, source_id, at, seq)
       where kind = 'subscription';`,
    );
    this.addSql('create index metric_fact_source_idx on metric_fact (source_id);');
    this.addSql(`create unique index metric_fact_checkout_idx on metric_fact (source_id) where kind = 'checkout';`);
    this.backfill();
    this.addSql(`create table metric_dashboard (
      id uuid primary key,
      organization_id uuid not null,
      name text not null,
      metrics text[] not null,
      created_at timestamptz not null,
      modified_at timestamptz
    );`);
    this.addSql('create index metric_dashboard_organization_idx on metric_dashboard (organization_id, created_at);');
  }

  /**
   * The facts of what happened before: orders paid, refunds succeeded, checkouts as they stand, and each
   * subscription's start and (when it changed since) its present state — its changes in between were not recorded.
   */
  private backfill(): void {
    const columns = `id, organization_id, kind, source_id, at, currency, customer_id, product_id, order_id,
      billing_reason, recurring, amount, tax, status, mrr, trial_mrr, cancel_requested, cancel_reason`;
    this.addSql(`insert into metric_fact (${columns})
      select gen_random_uuid(), organization_id, 'order', id, paid_at, currency, customer_id, product_id, null,
        billing_reason, subscription_id is not null, net_amount, tax_amount, null, 0, 0, false, null
      from "order" where paid_at is not null order by paid_at;`);
    this.addSql(`insert into metric_fact (${columns})
      select gen_random_uuid(), organization_id, 'refund', id, created_at, currency, customer_id, null, order_id,
        null, subscription_id is not null, amount, tax_amount, null, 0, 0, false, null
      from refund where status = 'succeeded' order by created_at;`);
    this.addSql(`insert into metric_fact (${columns})
      select gen_random_uuid(), c.organization_id, 'checkout', c.id, c.created_at, c.currency, c.customer_id,
        c.product_id, null, null, p.recurring_interval is not null, 0, 0, c.status, 0, 0, false, null
      from checkout c join product p on p.id = c.product_id order by c.created_at;`);
    // A subscription's MRR: its amount per month, half-up (as monthlyAmount in src/kernel/money.ts).
    const monthly = `floor((2 * amount * per + months * recurring_interval_count) / (2 * months * recurring_interval_count))`;
    const scale = `(select * from (values ('day', 12, 365), ('week', 12, 52), ('month', 1, 1), ('year', 12, 1))
      as m(unit, months, per) where m.unit = s.recurring_interval)`;
    const state = (at: string, status: string, cancel: string) => `
      select gen_random_uuid(), organization_id, 'subscription', id, ${at}, currency, customer_id, product_id, null,
        null, true, 0, 0, ${status},
        case when ${status} in ('active', 'past_due') then (select ${monthly} from ${scale} x) else 0 end,
        case when ${status} = 'trialing' then (select ${monthly} from ${scale} x) else 0 end,
        ${cancel}, customer_cancellation_reason
      from subscription s`;
    const started = `case when trial_start is not null then 'trialing' else 'active' end`;
    const now = state(
      'coalesce(ended_at, modified_at, created_at)',
      'status',
      "status = 'canceled' or cancel_at_period_end",
    );
    this.addSql(`insert into metric_fact (${columns}) ${state('created_at', started, 'false')} order by created_at;`);
    this.addSql(`insert into metric_fact (${columns}) ${now}
      where modified_at is not null or status <> ${started} order by coalesce(ended_at, modified_at, created_at);`);
    // What a present state followed: its start (at most two facts per subscription here).
    this.addSql(`update metric_fact f set previous_status = p.status, previous_mrr = p.mrr,
        previous_trial_mrr = p.trial_mrr, previous_product_id = p.product_id, previous_cancel = p.cancel_requested,
        had_mrr = p.mrr > 0
      from metric_fact p
      where f.kind = 'subscription' and p.kind = 'subscription' and p.source_id = f.source_id and p.seq < f.seq;`);
  }
}
