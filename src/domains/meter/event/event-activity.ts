// What the usage events of a range say per calendar bucket of a time zone: how many customers sent any, and what
// they cost the merchant (`_cost`, cents of USD, decimals kept); with the whole range's own count of customers.
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  zonedBucketParams,
  zonedBucketSql,
  zonedRangeParams,
  zonedRangeSql,
  type ZonedRange,
} from '../../../platform/database/zoned-range';

export interface EventActivityQuery extends ZonedRange {
  customer_id?: string[];
}

/** A bucket's activity (`bucket` as local `YYYY-MM-DDTHH:MI:SS`), or the whole range's (`bucket` null). */
export interface EventActivity {
  bucket: string | null;
  customers: number;
  /** Σ `_cost.amount`, in cents of USD. */
  costs: number;
}

export async function eventActivity(
  em: EntityManager,
  organizationId: string,
  q: EventActivityQuery,
): Promise<EventActivity[]> {
  const customers = q.customer_id?.length ? 'and customer_id = any(?::uuid[])' : '';
  const rows = await em.execute<{ bucket: string | null; customers: string; costs: string | null }[]>(
    `select ${zonedBucketSql('"timestamp"')} as bucket,
       count(distinct customer_id) as customers,
       sum((metadata -> '_cost' ->> 'amount')::numeric) as costs
     from event
     where organization_id = ? and ${zonedRangeSql('"timestamp"')} ${customers}
     group by grouping sets ((1), ())`,
    [
      ...zonedBucketParams(q),
      organizationId,
      ...zonedRangeParams(q),
      ...(q.customer_id?.length ? [`{${q.customer_id.join(',')}}`] : []),
    ],
  );
  return rows.map((row) => ({ bucket: row.bucket, customers: Number(row.customers), costs: Number(row.costs ?? 0) }));
}
