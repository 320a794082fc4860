import { EntitySchema } from '@mikro-orm/core';
import type { Metadata } from '../../../contracts/metadata';

export class CheckoutLink {
  id!: string;
  organizationId!: string;
  clientSecret!: string;
  productIds!: string[];
  label: string | null = null;
  discountId: string | null = null;
  allowDiscountCodes!: boolean;
  requireBillingAddress!: boolean;
  seats: number | null = null;
  successUrl: string | null = null;
  returnUrl: string | null = null;
  trialInterval: string | null = null;
  trialIntervalCount: number | null = null;
  metadata!: Metadata;
  deletedAt: Date | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export const CheckoutLinkSchema = new EntitySchema<CheckoutLink>({
  class: CheckoutLink,
  tableName: 'checkout_link',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    clientSecret: { type: 'text', unique: true },
    productIds: { type: 'uuid[]' },
    label: { type: 'text', nullable: true },
    discountId: { type: 'uuid', nullable: true },
    allowDiscountCodes: { type: 'boolean' },
    requireBillingAddress: { type: 'boolean' },
    seats: { type: 'integer', nullable: true },
    successUrl: { type: 'text', nullable: true },
    returnUrl: { type: 'text', nullable: true },
    trialInterval: { type: 'text', nullable: true },
    trialIntervalCount: { type: 'integer', nullable: true },
    metadata: { type: 'json' },
    deletedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
