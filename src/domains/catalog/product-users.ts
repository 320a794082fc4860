// The records that hold a product (orders, subscriptions, checkouts and their links, discounts): each such domain adds
// itself to `productUsers`, so a product in use is refused deletion (only archived) and shows `is_deletable: false`.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlArray } from '../../platform/database/sql-array';

/** A domain whose records point at products. */
export interface ProductUser {
  /** The products among `productIds` that its records hold. */
  productsInUse(em: EntityManager, organizationId: string, productIds: readonly string[]): Promise<string[]>;
}

/** A ProductUser by one SQL condition on `p.id` (the product) and `q.org` (its organization), e.g. an `exists`. */
export function productUserOf(holds: string): ProductUser {
  const sql = `select p.id from (select ?::uuid as org, ?::uuid[] as ids) q, unnest(q.ids) as p(id) where ${holds}`;
  return {
    async productsInUse(em, organizationId, productIds) {
      if (!productIds.length) return [];
      const rows = await em.execute<{ id: string }[]>(sql, [organizationId, sqlArray(productIds)]);
      return rows.map((row) => row.id);
    },
  };
}

/** The products among `ids` that some user holds; one query per user, one after the other (one connection). */
export async function productsInUse(
  users: readonly ProductUser[],
  em: EntityManager,
  organizationId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const used = new Set<string>();
  for (const user of users) for (const id of await user.productsInUse(em, organizationId, ids)) used.add(id);
  return used;
}
