// Checkouts created in the range per period and currency, and how many of them succeeded (one fact per checkout, its
// latest state).
import type { EntityManager } from '@mikro-orm/postgresql';
import { allOf, billingTypeCondition, customerCondition, productCondition, type FactFilterQuery } from './fact-filter';
import { BUCKET, bucketParams, IN_RANGE, inRangeParams, type RangeQuery } from './metric-range';

export interface CheckoutFactRow {
  bucket: string;
  currency: string;
  checkouts: number;
  succeededCheckouts: number;
}

export async function readCheckoutFacts(
  em: EntityManager,
  organizationId: string,
  q: RangeQuery & FactFilterQuery,
): Promise<CheckoutFactRow[]> {
  const filter = allOf(customerCondition(q), productCondition(q), billingTypeCondition(q));
  const rows = await em.execute<{ bucket: string; currency: string; checkouts: string; succeeded: string }[]>(
    `select ${BUCKET} as bucket, currency, count(*) as checkouts,
       count(*) filter (where status = 'succeeded') as succeeded
     from metric_fact where organization_id = ? and kind = 'checkout' and ${IN_RANGE} and ${filter.sql}
     group by 1, 2`,
    [...bucketParams(q), organizationId, ...inRangeParams(q), ...filter.params],
  );
  return rows.map((row) => ({
    bucket: row.bucket,
    currency: row.currency,
    checkouts: Number(row.checkouts),
    succeededCheckouts: Number(row.succeeded),
  }));
}
