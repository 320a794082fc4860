// Subscriptions' states up to the range's end, as changes per period and currency: how MRR and the counts of active,
// trialing and paused subscriptions moved (before the range: one row, `bucket` null), and each period's movements.
// Each fact carries the state it followed, so a change is read from its row alone. A subscription's state counts for
// the filtered products only while it is on one of them (a move in from another product counts as a reactivation).
import type { EntityManager } from '@mikro-orm/postgresql';
import { billingTypeCondition, customerCondition, productCondition, type FactFilterQuery } from './fact-filter';
import {
  BUCKET,
  bucketParams,
  RANGE_END,
  rangeEndParams,
  RANGE_START,
  rangeStartParams,
  type RangeQuery,
} from './metric-range';
import { CANCELLATION_REASONS, type CancellationReason, type SubscriptionFlows } from './period-facts.logic';

export interface SubscriptionFactRow extends SubscriptionFlows {
  bucket: string | null;
  currency: string;
  /** Changes of the stocks. */
  mrr: number;
  committedMrr: number;
  trialMrr: number;
  active: number;
  trialing: number;
  paused: number;
}

const REASONS = `{${CANCELLATION_REASONS.join(',')}}`;
const canceledColumns = CANCELLATION_REASONS.map(
  (r) => `count(*) filter (where inp and cancel_requested and not previous_cancel and reason = '${r}') as "${r}"`,
).join(',\n       ');

export async function readSubscriptionFacts(
  em: EntityManager,
  organizationId: string,
  q: RangeQuery & FactFilterQuery,
): Promise<SubscriptionFactRow[]> {
  const inProducts = productCondition(q);
  const wasInProducts = productCondition(q, 'previous_product_id');
  const customers = customerCondition(q);
  const billingType = billingTypeCondition(q);
  const rows = await em.execute<Record<string, string | null>[]>(
    `with f as (
       select at, currency, status, previous_status, cancel_requested, previous_cancel, had_mrr,
         case when cancel_reason = any(?::text[]) then cancel_reason else 'other' end as reason,
         ${inProducts.sql} as inp, ${wasInProducts.sql} as was,
         mrr, previous_mrr, trial_mrr, previous_trial_mrr
       from metric_fact
       where organization_id = ? and kind = 'subscription' and at < ${RANGE_END} and ${customers.sql}
         and ${billingType.sql}
     ), d as (
       select f.*, case when inp then mrr else 0 end as m, case when was then previous_mrr else 0 end as pm,
         case when inp and not cancel_requested then mrr else 0 end as cm,
         case when was and not previous_cancel then previous_mrr else 0 end as pcm,
         case when inp then trial_mrr else 0 end as tm, case when was then previous_trial_mrr else 0 end as ptm,
         (inp and status in ('active', 'past_due'))::int as a,
         coalesce(was and previous_status in ('active', 'past_due'), false)::int as pa_,
         (inp and status = 'trialing')::int as tr, coalesce(was and previous_status = 'trialing', false)::int as ptr,
         (inp and status = 'paused')::int as pa, coalesce(was and previous_status = 'paused', false)::int as ppa
       from f
     )
     select case when at < ${RANGE_START} then null else ${BUCKET} end as bucket, currency,
       sum(m - pm) as mrr, sum(cm - pcm) as committed_mrr, sum(tm - ptm) as trial_mrr, sum(a - pa_) as active, sum(tr - ptr) as trialing,
       sum(pa - ppa) as paused,
       coalesce(sum(m) filter (where pm = 0 and m > 0 and not had_mrr), 0) as new_mrr,
       coalesce(sum(m) filter (where pm = 0 and m > 0 and had_mrr), 0) as reactivated_mrr,
       coalesce(sum(m - pm) filter (where pm > 0 and m > pm), 0) as expansion_mrr,
       coalesce(sum(pm - m) filter (where m > 0 and m < pm), 0) as contraction_mrr,
       coalesce(sum(pm) filter (where pm > 0 and m = 0), 0) as churned_mrr,
       count(*) filter (where inp and previous_status is null) as new_subscriptions,
       ${canceledColumns},
       count(*) filter (where inp and status = 'canceled' and previous_status in ('active', 'past_due')) as churned,
       count(*) filter (where inp and previous_status = 'trialing' and status in ('active', 'past_due'))
         as conversions,
       count(*) filter (where inp and previous_status = 'trialing' and status <> 'trialing') as ended_trials
     from d group by 1, 2`,
    [
      REASONS,
      ...inProducts.params,
      ...wasInProducts.params,
      organizationId,
      ...rangeEndParams(q),
      ...customers.params,
      ...rangeStartParams(q),
      ...bucketParams(q),
    ],
  );
  const n = (value: string | null) => Number(value ?? 0);
  return rows.map((row) => ({
    bucket: row.bucket,
    currency: String(row.currency),
    mrr: n(row.mrr),
    committedMrr: n(row.committed_mrr),
    trialMrr: n(row.trial_mrr),
    active: n(row.active),
    trialing: n(row.trialing),
    paused: n(row.paused),
    newMrr: n(row.new_mrr),
    reactivatedMrr: n(row.reactivated_mrr),
    expansionMrr: n(row.expansion_mrr),
    contractionMrr: n(row.contraction_mrr),
    churnedMrr: n(row.churned_mrr),
    newSubscriptions: n(row.new_subscriptions),
    canceled: Object.fromEntries(CANCELLATION_REASONS.map((r) => [r, n(row[r])])) as Record<CancellationReason, number>,
    churnedSubscriptions: n(row.churned),
    trialConversions: n(row.conversions),
    endedTrials: n(row.ended_trials),
  }));
}
