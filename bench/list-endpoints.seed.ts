// The list benchmark's data, written with SQL (the API would take minutes): see list-endpoints.bench.ts.
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * `rows` customers; products copied from the template (a price each, its benefit); a subscription, a paid order and a
 * license key of the template's benefit per customer.
 */
export async function seed(em: EntityManager, organizationId: string, templateId: string, rows: number) {
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
    `with granted as (
       insert into benefit_grant (id, organization_id, customer_id, benefit_id, subscription_id, granted_at, created_at)
       select gen_random_uuid(), s.organization_id, s.customer_id, t.benefit_ids[1], s.id, s.created_at, s.created_at
       from subscription s, product t where s.organization_id = ? and t.id = ?
       returning id, organization_id, customer_id, benefit_id, created_at)
     insert into license_key (id, organization_id, customer_id, benefit_id, grant_id, key, status, created_at)
     select gen_random_uuid(), organization_id, customer_id, benefit_id, id, 'BENCH-' || id, 'granted', created_at from granted`,
    [organizationId, templateId],
  );
  await em.execute('analyze customer, product, product_price, subscription, "order", order_item, license_key');
}
