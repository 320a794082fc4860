// Custom fields a checkout collects: text, number, date, checkbox, select.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { CUSTOM_FIELD_PROPERTIES, type CustomFieldType } from './custom-field-properties';
import { ListResource } from './list-resource';
import { MetadataOutput } from './metadata';

const outputOf = <T extends CustomFieldType>(type: T) =>
  z.object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    metadata: MetadataOutput,
    type: z.literal(type),
    slug: z.string(),
    name: z.string(),
    organization_id: Uuid,
    properties: CUSTOM_FIELD_PROPERTIES[type],
  });

export const CustomField = z
  .discriminatedUnion('type', [
    outputOf('text'),
    outputOf('number'),
    outputOf('date'),
    outputOf('checkbox'),
    outputOf('select'),
  ])
  .meta({ id: 'CustomField' });
export type CustomField = z.infer<typeof CustomField>;

export const CustomFieldList = ListResource(CustomField).meta({ id: 'ListResource_CustomField_' });
