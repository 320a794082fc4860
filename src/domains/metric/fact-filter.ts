// The query's filters (customers, products, billing type) as SQL conditions on facts.
import type { MetricsQuery } from '../../contracts/metrics';

export type FactFilterQuery = Pick<MetricsQuery, 'customer_id' | 'product_id' | 'billing_type'>;

export interface Condition {
  sql: string;
  params: unknown[];
}

const uuids = (ids: string[]) => `{${ids.join(',')}}`;

/** `true` when the filter is absent. */
export function productCondition(q: FactFilterQuery, column = 'product_id'): Condition {
  return q.product_id?.length
    ? { sql: `coalesce(${column} = any(?::uuid[]), false)`, params: [uuids(q.product_id)] }
    : { sql: 'true', params: [] };
}

export function customerCondition(q: FactFilterQuery): Condition {
  return q.customer_id?.length
    ? { sql: 'customer_id = any(?::uuid[])', params: [uuids(q.customer_id)] }
    : { sql: 'true', params: [] };
}

/** One-time facts (purchases, their refunds and checkouts), recurring ones (subscriptions), or both. */
export function billingTypeCondition(q: FactFilterQuery): Condition {
  const types = new Set(q.billing_type ?? []);
  if (types.size !== 1) return { sql: 'true', params: [] };
  return { sql: types.has('recurring') ? 'recurring' : 'not recurring', params: [] };
}

export function allOf(...conditions: Condition[]): Condition {
  return { sql: conditions.map((c) => `(${c.sql})`).join(' and '), params: conditions.flatMap((c) => c.params) };
}
