// A page of an organization's refunds, narrowed by order, subscription, customer or outcome, and sorted.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RefundListQuery } from '../../../contracts/refund-list-query';
import { OwnedRepository } from '../../../platform/database/owned-repository';
import { Refund } from './refund.entity';

const SORT_COLUMNS = { created_at: 'createdAt', amount: 'amount' } as const;

const refunds = new OwnedRepository(Refund, { label: 'Refund' });

export function listRefunds(em: EntityManager, organizationId: string, query: RefundListQuery) {
  return refunds.list(em, organizationId, query, {
    alias: 'r',
    sort: SORT_COLUMNS,
    where: (qb) => {
      if (query.id) qb.andWhere({ id: { $in: query.id } });
      if (query.order_id) qb.andWhere({ orderId: { $in: query.order_id } });
      if (query.subscription_id) qb.andWhere({ subscriptionId: { $in: query.subscription_id } });
      if (query.customer_id) qb.andWhere({ customerId: { $in: query.customer_id } });
      if (query.external_customer_id)
        qb.andWhere('r.customer_id in (select id from customer where external_id in (?))', [
          query.external_customer_id,
        ]);
      if (query.succeeded !== undefined) qb.andWhere({ status: query.succeeded ? 'succeeded' : { $ne: 'succeeded' } });
    },
  });
}
