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
      cancel_reason text
    );`);
    this.addSql('create index metric_fact_time_idx on metric_fact (organization_id, kind, at);');
    this.addSql(
      `create index metric_fact_subscription_idx on metric_fact (organization_id, source_id, at, seq)
       where kind = 'subscription';`,
    );
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
}
