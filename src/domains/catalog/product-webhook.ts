// A product's change as its webhook: product.created or product.updated, with the product as the API shows it.
import type { Tx } from '../../platform/database/transaction';
import type { Product } from './catalog.entity';
import type { ProductDeps } from './product-deps';
import { productOutputs, type ProductOutputDeps } from './product.output';
import { productsInUse } from './product-users';

/** Flushes the product (and its prices), then enqueues its webhook in the same transaction. */
export async function emitProductChange(
  deps: ProductOutputDeps & Pick<ProductDeps, 'outbox' | 'users'>,
  tx: Tx,
  product: Product,
  type: 'product.created' | 'product.updated',
): Promise<void> {
  await tx.em.flush();
  const inUse = await productsInUse(deps.users, tx.em, product.organizationId, [product.id]);
  const [output] = await productOutputs(tx.em, deps, [product], inUse);
  deps.outbox.enqueueEvent(tx, product.organizationId, type, output);
  await tx.em.flush();
}
