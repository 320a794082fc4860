import { EntitySchema } from '@mikro-orm/core';
import type { Metadata } from '../../contracts/metadata';

export type DiscountDuration = 'once' | 'forever' | 'repeating';

export class Discount {
  id!: string;
  organizationId!: string;
  name!: string;
  type!: 'fixed' | 'percentage';
  duration!: DiscountDuration;
  durationInMonths: number | null = null;
  basisPoints: number | null = null;
  /** Fixed discounts: the amount per currency (the first is the primary `amount`/`currency`). */
  amounts: Record<string, number> | null = null;
  code: string | null = null;
  startsAt: Date | null = null;
  endsAt: Date | null = null;
  maxRedemptions: number | null = null;
  redemptionsCount = 0;
  productIds!: string[];
  metadata!: Metadata;
  deletedAt: Date | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export const DiscountSchema = new EntitySchema<Discount>({
  class: Discount,
  tableName: 'discount',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    name: { type: 'text' },
    type: { type: 'text' },
    duration: { type: 'text' },
    durationInMonths: { type: 'integer', nullable: true },
    basisPoints: { type: 'integer', nullable: true },
    amounts: { type: 'json', nullable: true },
    code: { type: 'text', nullable: true },
    startsAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    endsAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    maxRedemptions: { type: 'integer', nullable: true },
    redemptionsCount: { type: 'integer' },
    productIds: { type: 'uuid[]' },
    metadata: { type: 'json' },
    deletedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
