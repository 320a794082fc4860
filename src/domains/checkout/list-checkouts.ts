// A page of an organization's checkout sessions, narrowed by product, customer, status or e-mail, and sorted.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CheckoutListQuery } from '../../contracts/checkout-list';
import { likeContains } from '../../platform/database/list-query';
import { OwnedRepository } from '../../platform/database/owned-repository';
import { Checkout } from './checkout.entity';

const SORT_COLUMNS = { created_at: 'createdAt', expires_at: 'expiresAt', status: 'status' } as const;

const checkouts = new OwnedRepository(Checkout, { label: 'Checkout' });

export function listCheckouts(em: EntityManager, organizationId: string, query: CheckoutListQuery) {
  return checkouts.list(em, organizationId, query, {
    alias: 'c',
    sort: SORT_COLUMNS,
    where: (qb) => {
      if (query.product_id) qb.andWhere({ productId: { $in: query.product_id } });
      if (query.customer_id) qb.andWhere({ customerId: { $in: query.customer_id } });
      if (query.status) qb.andWhere({ status: { $in: query.status } });
      if (query.query) qb.andWhere({ customerEmail: { $ilike: likeContains(query.query) } });
    },
  });
}
