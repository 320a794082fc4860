// Updating a product (`PATCH /v1/products/{id}`): prices left out of `prices` are archived and new ones added after
// the current ones (a price never changes in place); product.updated.
import type { ProductUpdate } from '../../contracts/product-update';
import type { Tx } from '../../platform/database/transaction';
import { NotPermitted, RequestValidationError } from '../../kernel/errors';
import { ProductPrice, type Product } from './catalog.entity';
import { intervalIssues } from './product-interval.logic';
import type { ProductDeps } from './product-deps';
import { attachmentIssues } from './product-attachments';
import { applyProductFields } from './product-fields';
import { pricesAfterUpdate } from './prices-after-update';
import { addPrice } from './add-price';
import { products } from './product.reads';
import { emitProductChange } from './product-webhook';

export async function updateProduct(
  deps: ProductDeps,
  tx: Tx,
  organizationId: string,
  id: string,
  input: ProductUpdate,
): Promise<Product> {
  const product = await products.get(tx.em, organizationId, id);
  const isRecurring = product.recurringInterval !== null;
  if (input.recurring_interval != null && !isRecurring)
    throw new NotPermitted('A one-time product cannot become recurring; create a new product.');
  const merged = {
    recurring_interval_count: input.recurring_interval_count ?? product.recurringIntervalCount,
    trial_interval: input.trial_interval !== undefined ? input.trial_interval : product.trialInterval,
    trial_interval_count:
      input.trial_interval_count !== undefined ? input.trial_interval_count : product.trialIntervalCount,
  };
  const issues = intervalIssues(merged, isRecurring);
  issues.push(...(await attachmentIssues(deps, tx.em, organizationId, input)));
  const current = await tx.em.find(ProductPrice, { productId: product.id, isArchived: false });
  const { kept, added } = input.prices
    ? await pricesAfterUpdate(deps, tx.em, product, current, input.prices, issues)
    : { kept: current, added: [] };
  if (issues.length) throw new RequestValidationError(issues);

  const now = deps.clock.now();
  for (const price of current) {
    if (!kept.includes(price)) Object.assign(price, { isArchived: true, modifiedAt: now });
  }
  const next = Math.max(-1, ...current.map((p) => p.position)) + 1;
  added.forEach((price, i) => addPrice(deps, tx.em, product, price, next + i));
  applyProductFields(product, input);
  product.modifiedAt = now;
  await emitProductChange(deps, tx, product, 'product.updated');
  return product;
}
