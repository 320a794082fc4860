// Renders products in the reference's Product shape, loading prices, meters, benefits, media and custom fields in batches.
import { readTogether } from '../../platform/database/detached-reads';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FileRead } from '../../contracts/file';
import type { Product as ProductOutput } from '../../contracts/product';
import { benefitOutput, type BenefitQueries } from '../benefit';
import type { FileQueries } from '../file';
import type { MeterService } from '../meter';
import { type Product, ProductPrice } from './catalog.entity';
import { customFieldOutput } from './custom-field/custom-field.output';
import type { CustomFieldService } from './custom-field/custom-field.service';
import { byId } from '../../kernel/ids';
import { priceOutput } from './price.output';
import { productSummary } from './product-summary.output';

export interface ProductOutputDeps {
  meters: MeterService;
  benefits: BenefitQueries;
  files: FileQueries;
  customFields: CustomFieldService;
}

type ProductMedia = Extract<FileRead, { service: 'product_media' }>;

/**
 * `inUse`: the products some record holds (product-users.ts), which cannot be deleted. Without it every product shows
 * `is_deletable: false`: callers that embed the product of their own order or subscription know it is held.
 */
export async function productOutputs(
  em: EntityManager,
  deps: ProductOutputDeps,
  products: Product[],
  inUse?: ReadonlySet<string>,
): Promise<ProductOutput[]> {
  if (!products.length) return [];
  const organizationId = products[0].organizationId;
  const unique = (ids: string[]) => [...new Set(ids)];
  const fieldIds = unique(products.flatMap((p) => p.customFields.map((f) => f.custom_field_id)));
  const [[prices, meters], benefits, medias, fields] = await readTogether(em, [
    () =>
      em
        .find(
          ProductPrice,
          { productId: { $in: products.map((p) => p.id) }, isArchived: false },
          { orderBy: { position: 'asc' } },
        )
        .then(async (prices) => {
          const meterIds = unique(prices.flatMap((p) => p.meterId ?? []));
          return [prices, byId(await deps.meters.findByIds(em, organizationId, meterIds))] as const;
        }),
    () =>
      deps.benefits
        .findByIds(em, organizationId, unique(products.flatMap((p) => p.benefitIds)))
        .then((rows) => byId(rows.map(benefitOutput))),
    () =>
      deps.files
        .uploaded(em, organizationId, unique(products.flatMap((p) => p.mediaIds)), 'product_media')
        .then((files) => byId(files.map((file) => deps.files.output(file) as ProductMedia))),
    () => deps.customFields.findByIds(em, organizationId, fieldIds).then(byId),
  ]);

  return products.map((product) => ({
    ...productSummary(product),
    prices: prices.filter((price) => price.productId === product.id).map((price) => priceOutput(price, meters)),
    benefits: product.benefitIds.flatMap((id) => benefits.get(id) ?? []),
    medias: product.mediaIds.flatMap((id) => medias.get(id) ?? []),
    attached_custom_fields: product.customFields.flatMap((attached, order) => {
      const field = fields.get(attached.custom_field_id);
      return field
        ? [{ custom_field_id: field.id, custom_field: customFieldOutput(field), order, required: attached.required }]
        : [];
    }),
    is_deletable: inUse !== undefined && !inUse.has(product.id),
  }));
}
