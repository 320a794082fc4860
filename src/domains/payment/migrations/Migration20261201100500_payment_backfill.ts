import { Migration } from '@mikro-orm/migrations';

/**
 * Orders paid before payments were recorded get the payment of their charge, so that their disputes are found and
 * they are listed: succeeded, for the order's total, method `unknown` (what it was paid with was not kept).
 */
export class Migration20261201100500_payment_backfill extends Migration {
  override async up(): Promise<void> {
    this.addSql(`insert into payment (id, organization_id, idempotency_key, status, amount, currency,
        processor_charge_id, method, "trigger", checkout_id, order_id, customer_id, customer_email, created_at)
      select gen_random_uuid(), o.organization_id, 'backfill:' || o.id, 'succeeded', o.total_amount, o.currency,
        o.charge_id, 'unknown',
        case o.billing_reason when 'subscription_cycle' then 'subscription_cycle'
          when 'subscription_update' then null else 'purchase' end,
        o.checkout_id, o.id, o.customer_id, c.email, coalesce(o.paid_at, o.created_at)
      from "order" o join customer c on c.id = o.customer_id
      where o.charge_id is not null
        and not exists (select 1 from payment p where p.processor_charge_id = o.charge_id)
      on conflict (idempotency_key) do nothing;`);
  }
}
