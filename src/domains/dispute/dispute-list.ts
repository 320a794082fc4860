// A page of an organization's disputes, narrowed by order and status, and sorted.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DisputeListQuery } from '../../contracts/dispute-list-query';
import { OwnedRepository } from '../../platform/database/owned-repository';
import { Dispute } from './dispute.entity';

const SORT_COLUMNS = { created_at: 'createdAt', amount: 'amount' } as const;

export const disputes = new OwnedRepository(Dispute, { label: 'Dispute' });

export function listDisputes(em: EntityManager, organizationId: string, query: DisputeListQuery) {
  return disputes.list(em, organizationId, query, {
    alias: 'd',
    sort: SORT_COLUMNS,
    where: (qb) => {
      if (query.order_id) qb.andWhere({ orderId: { $in: query.order_id } });
      if (query.status) qb.andWhere({ status: { $in: query.status } });
    },
  });
}
