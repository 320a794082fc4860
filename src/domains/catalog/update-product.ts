// Updating a product (`PATCH /v1/products/{id}`): prices left out of `prices` are archived and new ones added after
// the current ones (a price never changes in place); product.updated.
import type { ExistingPrice, PriceCreate } from '../../contracts/price-create';
import type { ProductUpdate } from '../../contracts/product-update';
import type { Tx } from '../../platform/database/transaction';
import { NotPermitted, RequestValidationError } from '../../kernel/errors';
import { ProductPrice, type Product } from './catalog.entity';
import { intervalIssues } from './catalog.logic';
import type { ProductDeps } from './product-deps';
import { attachedFields, attachmentIssues } from './product-attachments';
import { addPrice, priceIssues } from './product-prices';
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
  let kept: ProductPrice[] = current;
  let added: PriceCreate[] = [];
  if (input.prices) {
    const existingIds = input.prices.filter(isExisting).map((p) => p.id);
    input.prices.forEach((price, i) => {
      if (isExisting(price) && !current.some((c) => c.id === price.id))
        issues.push({
          loc: ['body', 'prices', i, 'id'],
          msg: 'Not a current price of this product.',
          type: 'unknown_price',
        });
    });
    kept = current.filter((price) => existingIds.includes(price.id));
    added = input.prices.filter((price): price is PriceCreate => !isExisting(price));
    issues.push(...(await priceIssues(deps, tx.em, organizationId, added, isRecurring, kept)));
  }
  if (issues.length) throw new RequestValidationError(issues);

  const now = deps.clock.now();
  for (const price of current) {
    if (!kept.includes(price)) Object.assign(price, { isArchived: true, modifiedAt: now });
  }
  const next = Math.max(-1, ...current.map((p) => p.position)) + 1;
  added.forEach((price, i) => addPrice(deps, tx.em, product, price, next + i));
  if (input.name != null) product.name = input.name;
  if (input.description !== undefined) product.description = input.description;
  if (input.visibility != null) product.visibility = input.visibility;
  if (input.is_archived != null) product.isArchived = input.is_archived;
  if (input.metadata !== undefined) product.metadata = input.metadata;
  if (input.recurring_interval != null) product.recurringInterval = input.recurring_interval;
  if (input.recurring_interval_count != null) product.recurringIntervalCount = input.recurring_interval_count;
  if (input.trial_interval !== undefined) product.trialInterval = input.trial_interval;
  if (input.trial_interval_count !== undefined) product.trialIntervalCount = input.trial_interval_count;
  if (input.medias != null) product.mediaIds = [...new Set(input.medias)];
  if (input.attached_custom_fields != null) product.customFields = attachedFields(input.attached_custom_fields);
  product.modifiedAt = now;
  await emitProductChange(deps, tx, product, 'product.updated');
  return product;
}

const isExisting = (price: ExistingPrice | PriceCreate): price is ExistingPrice => !('amount_type' in price);
