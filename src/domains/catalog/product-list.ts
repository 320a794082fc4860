// The organization's products as `GET /v1/products/` lists them: filtered, and sortable by their lowest current price.
import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProductListQuery } from '../../contracts/product-list-query';
import { likeContains } from '../../platform/database/list-query';
import { products } from './product.reads';

const PRICE_SUBQUERY = (expression: string) =>
  `(select min(${expression}) from product_price pp where pp.product_id = p.id and not pp.is_archived)`;
const SORT_COLUMNS = {
  created_at: 'createdAt',
  name: 'name',
  price_amount: raw(PRICE_SUBQUERY('coalesce(pp.price_amount, pp.minimum_amount, 0)')) as unknown as string,
  price_amount_type: raw(PRICE_SUBQUERY('pp.amount_type')) as unknown as string,
};

export function listProducts(em: EntityManager, organizationId: string, query: ProductListQuery) {
  return products.list(em, organizationId, query, {
    alias: 'p',
    sort: SORT_COLUMNS,
    where: (qb) => {
      if (query.id) qb.andWhere({ id: { $in: query.id } });
      if (query.query) qb.andWhere({ name: { $ilike: likeContains(query.query) } });
      if (query.is_archived !== undefined) qb.andWhere({ isArchived: query.is_archived });
      if (query.is_recurring !== undefined)
        qb.andWhere({ recurringInterval: query.is_recurring ? { $ne: null } : null });
      if (query.visibility) qb.andWhere({ visibility: { $in: query.visibility } });
      if (query.benefit_id) qb.andWhere('p.benefit_ids && array[?]::uuid[]', [query.benefit_id]);
    },
  });
}
