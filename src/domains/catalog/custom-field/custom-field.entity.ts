import { EntitySchema } from '@mikro-orm/core';
import type { Metadata } from '../../../contracts/metadata';
import type { CustomFieldType } from '../../../contracts/custom-field-properties';

export class CustomField {
  id!: string;
  organizationId!: string;
  type!: CustomFieldType;
  slug!: string;
  name!: string;
  properties!: Record<string, unknown>;
  metadata!: Metadata;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

const timestamps = {
  createdAt: { type: 'Date', columnType: 'timestamptz' },
  modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
} as const;

export const CustomFieldSchema = new EntitySchema<CustomField>({
  class: CustomField,
  tableName: 'custom_field',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    type: { type: 'text' },
    slug: { type: 'text' },
    name: { type: 'text' },
    properties: { type: 'json' },
    metadata: { type: 'json' },
    ...timestamps,
  },
});
