// A page of an organization's subscriptions, narrowed by the API's (and the customer portal's) filters and sorted.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { QueryBuilder } from '@mikro-orm/postgresql';
import type { SubscriptionFilters, SubscriptionListQuery } from '../../contracts/subscription-list-query';
import { likeContains } from '../../platform/database/list-query';
import { OwnedRepository } from '../../platform/database/owned-repository';
import { productOrOrganizationNamed } from '../catalog';
import { LIVE_STATUSES, Subscription } from './subscription.entity';

const SORT_COLUMNS = {
  customer: 'customerId',
  status: 'status',
  started_at: 'startedAt',
  current_period_end: 'currentPeriodEnd',
  ended_at: 'endedAt',
  ends_at: 'endsAt',
  amount: 'amount',
  product: 'productId',
  discount: 'discountId',
} as const;

export const subscriptions = new OwnedRepository(Subscription, { label: 'Subscription' });

/** The list's filters (and the export's) on a query aliased `s`. */
export function subscriptionFilters(query: SubscriptionFilters & { query?: string }) {
  return (qb: QueryBuilder<Subscription>) => {
    if (query.product_id) qb.andWhere({ productId: { $in: query.product_id } });
    if (query.customer_id) qb.andWhere({ customerId: { $in: query.customer_id } });
    if (query.external_customer_id)
      qb.andWhere('s.customer_id in (select id from customer where external_id in (?))', [query.external_customer_id]);
    if (query.discount_id) qb.andWhere({ discountId: { $in: query.discount_id } });
    if (query.status) qb.andWhere({ status: { $in: query.status } });
    if (query.active !== undefined)
      qb.andWhere({ status: query.active ? { $in: [...LIVE_STATUSES] } : { $nin: [...LIVE_STATUSES] } });
    if (query.cancel_at_period_end !== undefined) qb.andWhere({ cancelAtPeriodEnd: query.cancel_at_period_end });
    if (query.customer_cancellation_reason)
      qb.andWhere({ customerCancellationReason: { $in: query.customer_cancellation_reason } });
    if (query.started_after) qb.andWhere({ startedAt: { $gte: new Date(query.started_after) } });
    if (query.started_before) qb.andWhere({ startedAt: { $lte: new Date(query.started_before) } });
    if (query.canceled_at_after) qb.andWhere({ canceledAt: { $gte: new Date(query.canceled_at_after) } });
    if (query.canceled_at_before) qb.andWhere({ canceledAt: { $lte: new Date(query.canceled_at_before) } });
    if (query.query) qb.andWhere(...productOrOrganizationNamed('s', likeContains(query.query)));
  };
}

/** `query` (the customer portal's search) matches the product's or the organization's name. */
export function listSubscriptions(
  em: EntityManager,
  organizationId: string,
  query: SubscriptionListQuery & { query?: string },
) {
  return subscriptions.list(em, organizationId, query, {
    alias: 's',
    sort: SORT_COLUMNS,
    where: subscriptionFilters(query),
  });
}
