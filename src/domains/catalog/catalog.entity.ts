import { EntitySchema } from '@mikro-orm/core';
import type { Metadata } from '../../contracts/metadata';
import type { RecurringInterval } from '../../contracts/catalog-common';
import type { SeatTier, SeatTierType } from '../../kernel/money';
import type { UsagePackage, UsageTiers } from '../../kernel/usage-tiers';

export type ProductVisibility = 'draft' | 'private' | 'public';

export interface AttachedField {
  custom_field_id: string;
  required: boolean;
}

export class Product {
  id!: string;
  organizationId!: string;
  name!: string;
  description: string | null = null;
  visibility!: ProductVisibility;
  recurringInterval: RecurringInterval | null = null;
  recurringIntervalCount: number | null = null;
  trialInterval: RecurringInterval | null = null;
  trialIntervalCount: number | null = null;
  meterInterval: RecurringInterval | null = null;
  meterIntervalCount: number | null = null;
  isArchived = false;
  metadata!: Metadata;
  /** Ordered ids of the benefits, media files and custom fields attached to the product. */
  benefitIds!: string[];
  mediaIds!: string[];
  customFields!: AttachedField[];
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export type PriceAmountType = 'fixed' | 'custom' | 'metered_unit' | 'metered_tiers' | 'seat_based';

/** Prices are immutable once created: a change archives the old price and adds a new one. */
export class ProductPrice {
  id!: string;
  productId!: string;
  organizationId!: string;
  amountType!: PriceAmountType;
  currency!: string;
  taxBehavior: string | null = null;
  isArchived = false;
  priceAmount: number | null = null;
  minimumAmount: number | null = null;
  maximumAmount: number | null = null;
  presetAmount: number | null = null;
  unitAmount: string | null = null;
  capAmount: number | null = null;
  meterId: string | null = null;
  seatTierType: SeatTierType | null = null;
  seatTiers: SeatTier[] | null = null;
  /** A `metered_tiers` price's tiers, and the blocks its usage is counted in (none: units). */
  usageTiers: UsageTiers | null = null;
  usagePackage: UsagePackage | null = null;
  /** Order of the price on its product, as the merchant listed it. */
  position!: number;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

const timestamps = {
  createdAt: { type: 'Date', columnType: 'timestamptz' },
  modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
} as const;

export const ProductSchema = new EntitySchema<Product>({
  class: Product,
  tableName: 'product',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    name: { type: 'text' },
    description: { type: 'text', nullable: true },
    visibility: { type: 'text' },
    recurringInterval: { type: 'text', nullable: true },
    recurringIntervalCount: { type: 'integer', nullable: true },
    trialInterval: { type: 'text', nullable: true },
    trialIntervalCount: { type: 'integer', nullable: true },
    meterInterval: { type: 'text', nullable: true },
    meterIntervalCount: { type: 'integer', nullable: true },
    isArchived: { type: 'boolean' },
    metadata: { type: 'json' },
    benefitIds: { type: 'uuid[]' },
    mediaIds: { type: 'uuid[]' },
    customFields: { type: 'json' },
    ...timestamps,
  },
});

export const ProductPriceSchema = new EntitySchema<ProductPrice>({
  class: ProductPrice,
  tableName: 'product_price',
  properties: {
    id: { type: 'uuid', primary: true },
    productId: { type: 'uuid' },
    organizationId: { type: 'uuid' },
    amountType: { type: 'text' },
    currency: { type: 'text' },
    taxBehavior: { type: 'text', nullable: true },
    isArchived: { type: 'boolean' },
    priceAmount: { type: 'integer', nullable: true },
    minimumAmount: { type: 'integer', nullable: true },
    maximumAmount: { type: 'integer', nullable: true },
    presetAmount: { type: 'integer', nullable: true },
    unitAmount: { type: 'text', nullable: true },
    capAmount: { type: 'integer', nullable: true },
    meterId: { type: 'uuid', nullable: true },
    seatTierType: { type: 'text', nullable: true },
    seatTiers: { type: 'json', nullable: true },
    usageTiers: { type: 'json', nullable: true },
    usagePackage: { type: 'json', nullable: true },
    position: { type: 'integer' },
    ...timestamps,
  },
});
