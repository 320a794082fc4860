// The records that hold a product (orders, subscriptions, checkouts and their links, discounts): each such domain adds
// itself to `productUsers`, so a product in use is refused deletion (only archived) and shows `is_deletable: false`.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlArray } from '../../platform/database/sql-array';

/** A domain whose records point at products: one SQL condition on `p.id` (the product) and `q.org` (its organization). */
export interface ProductUser {
  holds: string;
}

/** A ProductUser by its condition, e.g. an `exists` over the domain's table. */
export const productUserOf = (holds: string): ProductUser => ({ holds });

/** The products among `ids` that some user holds, in one statement (every user's condition, or'ed). */
export async function productsInUse(
  users: readonly ProductUser[],
  em: EntityManager,
  organizationId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (!ids.length || !users.length) return new Set();
  const holds = users.map((user) => `(${user.holds})`).join(' or ');
  const rows = await em.execute<{ id: string }[]>(
    `select p.id from (select ?::uuid as org, ?::uuid[] as ids) q, unnest(q.ids) as p(id) where ${holds}`,
    [organizationId, sqlArray(ids)],
  );
  return new Set(rows.map((row) => row.id));
}
