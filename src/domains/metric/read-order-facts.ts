// Orders paid and refunds succeeded in the range, summed per period and currency (a refund is filtered and sorted
// by its order's product and billing reason).
import type { EntityManager } from '@mikro-orm/postgresql';
import { allOf, billingTypeCondition, customerCondition, productCondition, type FactFilterQuery } from './fact-filter';
import { BUCKET, bucketParams, IN_RANGE, inRangeParams, type RangeQuery } from './metric-range';
import { BILLING_REASONS, type BillingReason, type ReasonFacts } from './period-facts.logic';

export interface OrderFactRow {
  bucket: string;
  currency: string;
  orders: number;
  revenue: number;
  orderTax: number;
  refunded: number;
  refundedTax: number;
  byReason: Record<BillingReason, ReasonFacts>;
}

const reasonColumns = BILLING_REASONS.map(
  (r) => `count(*) filter (where kind = 'order' and reason = '${r}') as "${r}_orders",
    coalesce(sum(amount + tax) filter (where kind = 'order' and reason = '${r}'), 0) as "${r}_revenue",
    coalesce(sum(amount) filter (where kind = 'order' and reason = '${r}'), 0) as "${r}_net",
    coalesce(sum(amount) filter (where kind = 'refund' and reason = '${r}'), 0) as "${r}_refunded"`,
).join(',\n    ');

export async function readOrderFacts(
  em: EntityManager,
  organizationId: string,
  q: RangeQuery & FactFilterQuery,
): Promise<OrderFactRow[]> {
  const filter = allOf(customerCondition(q), productCondition(q, 'product'), billingTypeCondition(q));
  const rows = await em.execute<Record<string, string>[]>(
    `with f as (
       select kind, at, currency, customer_id, product_id, order_id, billing_reason, recurring, amount, tax
       from metric_fact where organization_id = ? and kind in ('order', 'refund') and ${IN_RANGE}
     ), r as (
       select f.*, coalesce(o.billing_reason, f.billing_reason) as reason, coalesce(o.product_id, f.product_id) as product
       from f left join lateral (
         select billing_reason, product_id from metric_fact o
         where f.kind = 'refund' and o.source_id = f.order_id and o.kind = 'order' limit 1
       ) o on true
     )
     select ${BUCKET} as bucket, currency,
       count(*) filter (where kind = 'order') as orders,
       coalesce(sum(amount + tax) filter (where kind = 'order'), 0) as revenue,
       coalesce(sum(tax) filter (where kind = 'order'), 0) as order_tax,
       coalesce(sum(amount) filter (where kind = 'refund'), 0) as refunded,
       coalesce(sum(tax) filter (where kind = 'refund'), 0) as refunded_tax,
       ${reasonColumns}
     from r where ${filter.sql} group by 1, 2`,
    [organizationId, ...inRangeParams(q), ...bucketParams(q), ...filter.params],
  );
  return rows.map((row) => ({
    bucket: row.bucket,
    currency: row.currency,
    orders: Number(row.orders),
    revenue: Number(row.revenue),
    orderTax: Number(row.order_tax),
    refunded: Number(row.refunded),
    refundedTax: Number(row.refunded_tax),
    byReason: Object.fromEntries(
      BILLING_REASONS.map((r) => [
        r,
        {
          orders: Number(row[`${r}_orders`]),
          revenue: Number(row[`${r}_revenue`]),
          net: Number(row[`${r}_net`]),
          refunded: Number(row[`${r}_refunded`]),
        },
      ]),
    ) as Record<BillingReason, ReasonFacts>,
  }));
}
