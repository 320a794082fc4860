// Deleting a product no record holds: its row and prices go for good, after product.updated with its last state
// (the reference's webhook catalogue has no product.deleted). A product in use is refused: archive it instead.
import type { Tx } from '../../platform/database/transaction';
import { Product } from './catalog.entity';
import { ProductNotDeletable } from './catalog.errors';
import type { ProductDeps } from './product-deps';
import { productsInUse } from './product-users';
import { productOutputs } from './product.output';
import { products } from './product.reads';

export async function deleteProduct(deps: ProductDeps, tx: Tx, organizationId: string, id: string): Promise<void> {
  // The lock makes a checkout or order written meanwhile wait for this transaction (their foreign key reads the row).
  const product = await products.get(tx.em, organizationId, id, { lock: true });
  const inUse = await productsInUse(deps.users, tx.em, organizationId, [product.id]);
  if (inUse.size)
    throw new ProductNotDeletable(
      'This product is used by orders, subscriptions, checkouts or discounts and cannot be deleted: archive it instead.',
    );
  const [output] = await productOutputs(tx.em, deps, [product], inUse);
  deps.outbox.enqueueEvent(tx, organizationId, 'product.updated', output);
  await tx.em.nativeDelete(Product, { id: product.id, organizationId }); // its prices go with it (on delete cascade)
  tx.em.getUnitOfWork().unsetIdentity(product);
}
