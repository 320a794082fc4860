// Creating a product (`POST /v1/products/`): the product row, then its prices in order; product.created.
import type { ProductCreate } from '../../contracts/product-create';
import type { Tx } from '../../platform/database/transaction';
import { RequestValidationError } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { Product } from './catalog.entity';
import { intervalIssues } from './product-interval.logic';
import type { ProductDeps } from './product-deps';
import { attachedFields, attachmentIssues } from './product-attachments';
import { addPrice } from './add-price';
import { priceIssues } from './product-prices';
import { emitProductChange } from './product-webhook';

export async function createProduct(
  deps: ProductDeps,
  tx: Tx,
  organizationId: string,
  input: ProductCreate,
): Promise<Product> {
  const recurring = input.recurring_interval ?? null;
  const issues = [...intervalIssues(input, recurring !== null)];
  issues.push(...(await priceIssues(deps, tx.em, organizationId, input.prices, recurring !== null)));
  issues.push(...(await attachmentIssues(deps, tx.em, organizationId, input)));
  if (issues.length) throw new RequestValidationError(issues);
  const now = deps.clock.now();
  const product = tx.em.create(Product, {
    id: newId(),
    organizationId,
    name: input.name,
    description: input.description ?? null,
    visibility: input.visibility,
    recurringInterval: recurring,
    recurringIntervalCount: recurring ? (input.recurring_interval_count ?? 1) : null,
    trialInterval: input.trial_interval ?? null,
    trialIntervalCount: input.trial_interval_count ?? null,
    meterInterval: input.meter_interval ?? null,
    meterIntervalCount: input.meter_interval ? (input.meter_interval_count ?? 1) : null,
    isArchived: false,
    metadata: input.metadata,
    benefitIds: [],
    mediaIds: [...new Set(input.medias ?? [])],
    customFields: attachedFields(input.attached_custom_fields),
    createdAt: now,
    modifiedAt: null,
  });
  await tx.em.flush(); // prices reference the product row
  input.prices.forEach((price, position) => addPrice(deps, tx.em, product, price, position));
  await emitProductChange(deps, tx, product, 'product.created');
  return product;
}
