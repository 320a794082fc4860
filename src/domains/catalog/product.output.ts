// Renders products in the reference's Product shape, loading prices, meters, benefits, media and custom fields in batches.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FileRead } from '../../contracts/file';
import type { ProductPrice as PriceOutput } from '../../contracts/price';
import type { Product as ProductOutput, ProductSummary } from '../../contracts/product';
import { benefitOutput, type BenefitQueries } from '../benefit';
import type { FileQueries } from '../file';
import type { Meter, MeterService } from '../meter';
import { type Product, ProductPrice } from './catalog.entity';
import { customFieldOutput } from './custom-field/custom-field.output';
import type { CustomFieldService } from './custom-field/custom-field.service';
import { byId } from '../../kernel/ids';

export interface ProductOutputDeps {
  meters: MeterService;
  benefits: BenefitQueries;
  files: FileQueries;
  customFields: CustomFieldService;
}

type ProductMedia = Extract<FileRead, { service: 'product_media' }>;

export async function productOutputs(
  em: EntityManager,
  deps: ProductOutputDeps,
  products: Product[],
): Promise<ProductOutput[]> {
  if (!products.length) return [];
  const organizationId = products[0].organizationId;
  const prices = await em.find(
    ProductPrice,
    { productId: { $in: products.map((p) => p.id) }, isArchived: false },
    { orderBy: { position: 'asc' } },
  );
  const unique = (ids: string[]) => [...new Set(ids)];
  const meters = byId(await deps.meters.findByIds(em, organizationId, unique(prices.flatMap((p) => p.meterId ?? []))));
  const benefits = byId(
    (await deps.benefits.findByIds(em, organizationId, unique(products.flatMap((p) => p.benefitIds)))).map(
      benefitOutput,
    ),
  );
  const medias = byId(
    (await deps.files.uploaded(em, organizationId, unique(products.flatMap((p) => p.mediaIds)), 'product_media')).map(
      (file) => deps.files.output(file) as ProductMedia,
    ),
  );
  const fieldIds = unique(products.flatMap((p) => p.customFields.map((f) => f.custom_field_id)));
  const fields = byId(await deps.customFields.findByIds(em, organizationId, fieldIds));

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
    is_deletable: false,
  }));
}

/** The product without its prices and attachments: what discounts embed. */
export function productSummary(product: Product): ProductSummary {
  return {
    metadata: product.metadata,
    id: product.id,
    created_at: product.createdAt.toISOString(),
    modified_at: product.modifiedAt?.toISOString() ?? null,
    trial_interval: product.trialInterval,
    trial_interval_count: product.trialIntervalCount,
    name: product.name,
    description: product.description,
    visibility: product.visibility,
    recurring_interval: product.recurringInterval,
    recurring_interval_count: product.recurringIntervalCount,
    meter_interval: product.meterInterval,
    meter_interval_count: product.meterIntervalCount,
    is_recurring: product.recurringInterval !== null,
    is_archived: product.isArchived,
    organization_id: product.organizationId,
  };
}

export function priceOutput(price: ProductPrice, meters: Map<string, Meter>): PriceOutput {
  const base = {
    created_at: price.createdAt.toISOString(),
    modified_at: price.modifiedAt?.toISOString() ?? null,
    id: price.id,
    source: 'catalog' as const,
    price_currency: price.currency,
    tax_behavior: price.taxBehavior as PriceOutput['tax_behavior'],
    is_archived: price.isArchived,
    product_id: price.productId,
  };
  switch (price.amountType) {
    case 'fixed':
      return { ...base, amount_type: 'fixed', price_amount: price.priceAmount ?? 0 };
    case 'custom':
      return {
        ...base,
        amount_type: 'custom',
        minimum_amount: price.minimumAmount ?? 0,
        maximum_amount: price.maximumAmount,
        preset_amount: price.presetAmount,
      };
    case 'metered_unit': {
      const meter = meters.get(price.meterId ?? '');
      return {
        ...base,
        amount_type: 'metered_unit',
        unit_amount: price.unitAmount ?? '0',
        cap_amount: price.capAmount,
        meter_id: price.meterId ?? '',
        meter: {
          id: price.meterId ?? '',
          name: meter?.name ?? '',
          unit: meter?.unit ?? 'scalar',
          custom_label: meter?.customLabel ?? null,
          custom_multiplier: meter?.customMultiplier ?? null,
        },
      };
    }
    case 'seat_based': {
      const tiers = price.seatTiers ?? [];
      return {
        ...base,
        amount_type: 'seat_based',
        seat_tiers: {
          seat_tier_type: price.seatTierType ?? 'volume',
          tiers,
          minimum_seats: tiers[0]?.min_seats ?? 1,
          maximum_seats: tiers.at(-1)?.max_seats ?? null,
        },
      };
    }
  }
}
