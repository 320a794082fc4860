import { Migration } from '@mikro-orm/migrations';

/**
 * The billing timeline's read model: one row per billing fact of a customer, written in the transaction of the event
 * or payment it records, with its cause. `seq` orders the entries of one instant as they were written; `dedupe_key`
 * keeps a fact announced again (a status, a retry's time) to one entry.
 */
export class Migration20261204000000_timeline extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table timeline_entry (
      id uuid primary key,
      seq bigint generated always as identity,
      organization_id uuid not null,
      customer_id uuid not null,
      at timestamptz not null,
      type text not null,
      resource_type text not null,
      resource_id uuid not null,
      subscription_id uuid,
      amount bigint,
      currency text,
      summary text not null,
      details jsonb not null,
      cause jsonb not null,
      event_id uuid,
      dedupe_key text,
      recorded_at timestamptz not null default now()
    );`);
    this.addSql('create index timeline_entry_customer_idx on timeline_entry (organization_id, customer_id, at, seq);');
    this.addSql(`create unique index timeline_entry_dedupe_idx on timeline_entry (organization_id, dedupe_key)
      where dedupe_key is not null;`);
    for (const statement of timelineBackfill()) this.addSql(statement);
  }

  override async down(): Promise<void> {
    this.addSql('drop table timeline_entry;');
  }
}

/**
 * What happened before, from the rows that record it (their causes were not recorded: `backfill`): each order paid,
 * each payment with its decline, each subscription's start and end, each refund, each benefit granted or revoked.
 */
export function timelineBackfill(): string[] {
  const columns = `id, organization_id, customer_id, at, type, resource_type, resource_id, subscription_id, amount,
    currency, summary, details, cause, dedupe_key`;
  const cause = `'{"type": "backfill", "name": "recorded before the timeline"}'::jsonb`;
  const insert = (select: string) => `insert into timeline_entry (${columns}) ${select}
    on conflict (organization_id, dedupe_key) where dedupe_key is not null do nothing;`;
  return [
    insert(`select gen_random_uuid(), organization_id, customer_id, paid_at, 'order.paid', 'order', id, subscription_id,
      total_amount, currency, 'Order paid: ' || description,
      jsonb_build_object('billing_reason', billing_reason, 'invoice_number', invoice_number), ${cause},
      'order:' || id || ':order.paid'
    from "order" where paid_at is not null order by paid_at`),
    insert(`select gen_random_uuid(), p.organization_id, p.customer_id, p.created_at,
      case p.status when 'failed' then 'payment.failed' else 'payment.succeeded' end, 'payment', p.id,
      o.subscription_id, p.amount, p.currency,
      case p.status when 'failed' then 'Payment declined: ' || coalesce(p.decline_message, p.decline_reason, 'no reason given')
      else 'Charged' end,
      jsonb_build_object('order_id', p.order_id, 'decline_reason', p.decline_reason), ${cause},
      'payment:' || p.id || ':' || case p.status when 'failed' then 'payment.failed' else 'payment.succeeded' end
    from payment p left join "order" o on o.id = p.order_id
    where p.customer_id is not null and p.status in ('succeeded', 'failed') order by p.created_at`),
    insert(`select gen_random_uuid(), organization_id, customer_id, created_at, 'subscription.created', 'subscription', id,
      id, amount, currency, 'Subscribed', jsonb_build_object('status', status, 'product_id', product_id), ${cause},
      'subscription:' || id || ':subscription.created:backfill'
    from subscription order by created_at`),
    insert(`select gen_random_uuid(), organization_id, customer_id, coalesce(ended_at, canceled_at), 'subscription.revoked',
      'subscription', id, id, null, currency, 'Subscription ended',
      jsonb_build_object('status', status, 'reason', customer_cancellation_reason), ${cause},
      'subscription:' || id || ':subscription.revoked:canceled'
    from subscription where status = 'canceled' and coalesce(ended_at, canceled_at) is not null`),
    insert(`select gen_random_uuid(), organization_id, customer_id, created_at,
      case status when 'succeeded' then 'refund.succeeded' when 'failed' then 'refund.failed' else 'refund.created' end,
      'refund', id, subscription_id, amount + tax_amount, currency,
      'Refund (' || reason || '): ' || status,
      jsonb_build_object('order_id', order_id, 'reason', reason, 'status', status), ${cause},
      'refund:' || id || ':refund.' || case status when 'succeeded' then 'succeeded' when 'failed' then 'failed'
        else 'created' end
    from refund order by created_at`),
    insert(`select gen_random_uuid(), g.organization_id, g.customer_id, g.granted_at, 'benefit.granted', 'benefit_grant', g.id,
      g.subscription_id, null, null, 'Granted: ' || b.description,
      jsonb_build_object('benefit_id', g.benefit_id, 'order_id', g.order_id), ${cause},
      'grant:' || g.id || ':benefit.granted:backfill'
    from benefit_grant g join benefit b on b.id = g.benefit_id where g.granted_at is not null`),
    insert(`select gen_random_uuid(), g.organization_id, g.customer_id, g.revoked_at, 'benefit.revoked', 'benefit_grant', g.id,
      g.subscription_id, null, null, 'Revoked: ' || b.description,
      jsonb_build_object('benefit_id', g.benefit_id, 'order_id', g.order_id), ${cause},
      'grant:' || g.id || ':benefit.revoked:backfill'
    from benefit_grant g join benefit b on b.id = g.benefit_id where g.revoked_at is not null`),
  ];
}
