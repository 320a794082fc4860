import { EntitySchema } from '@mikro-orm/core';
import type { BenefitType } from '../../contracts/benefit-type';
import type { Metadata } from '../../contracts/metadata';

export class Benefit {
  id!: string;
  organizationId!: string;
  type!: BenefitType;
  description!: string;
  visibility!: 'draft' | 'private' | 'public';
  properties!: Record<string, unknown>;
  metadata!: Metadata;
  deletedAt: Date | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export const BenefitSchema = new EntitySchema<Benefit>({
  class: Benefit,
  tableName: 'benefit',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    type: { type: 'text' },
    description: { type: 'text' },
    visibility: { type: 'text' },
    properties: { type: 'json' },
    metadata: { type: 'json' },
    deletedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
