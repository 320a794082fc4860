// The products an organization's customers can choose from in the portal: its public, non-archived ones, cheapest
// first, every page of them.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Product as ProductOutput } from '../../contracts/product';
import type { ProductListQuery } from '../../contracts/product-list-query';
import { MAX_PAGE_LIMIT } from '../../kernel/pagination';
import type { ProductService } from '../catalog';

export async function publicProducts(
  em: EntityManager,
  products: ProductService,
  organizationId: string,
): Promise<ProductOutput[]> {
  const rows = [];
  for (let page = 1; ; page++) {
    const query: ProductListQuery = {
      page,
      limit: MAX_PAGE_LIMIT,
      is_archived: false,
      visibility: ['public'],
      sorting: ['price_amount'],
      metadata: {},
    };
    const listed = await products.list(em, organizationId, query);
    rows.push(...listed.items);
    if (page >= listed.pagination.max_page) break;
  }
  return products.outputs(em, rows);
}
