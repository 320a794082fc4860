// The session's products as the API shows them, read once per unit of work (one entity manager): a create, an update
// or a workflow step checks, prices and renders them several times, and each read costs two statements or more.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Product as ProductOutput } from '../../contracts/product';
import type { ProductService } from '../catalog';

/** The products each unit of work read, by organization and id; gone with its entity manager. */
const read = new WeakMap<EntityManager, Map<string, ProductOutput>>();
const key = (organizationId: string, id: string) => `${organizationId}:${id}`;

/** The organization's products among `ids` as the API shows them, in that order; each read once per `em`. */
export async function productsOf(
  products: Pick<ProductService, 'outputsByIds'>,
  em: EntityManager,
  organizationId: string,
  ids: readonly string[],
): Promise<ProductOutput[]> {
  if (em.global) return products.outputsByIds(em, organizationId, ids); // a long-lived context would keep stale ones
  const known = read.get(em) ?? new Map<string, ProductOutput>();
  read.set(em, known);
  const missing = [...new Set(ids.filter((id) => !known.has(key(organizationId, id))))];
  if (missing.length)
    for (const product of await products.outputsByIds(em, organizationId, missing))
      known.set(key(organizationId, product.id), product);
  return ids.flatMap((id) => known.get(key(organizationId, id)) ?? []);
}

/** Hands the products one unit of work read to the next one of the same step (a confirmation's two transactions). */
export function rememberProducts(em: EntityManager, organizationId: string, products: readonly ProductOutput[]): void {
  if (em.global) return;
  const known = read.get(em) ?? new Map<string, ProductOutput>();
  read.set(em, known);
  for (const product of products) known.set(key(organizationId, product.id), product);
}
