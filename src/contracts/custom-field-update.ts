// What a custom field is changed with, one body per type.
import { z } from 'zod';
import { customFieldName as name, customFieldSlug as slug } from './custom-field-create';
import { CUSTOM_FIELD_PROPERTIES, type CustomFieldType } from './custom-field-properties';
import { MetadataInput } from './metadata';

const updateOf = <T extends CustomFieldType>(type: T) =>
  z.object({
    type: z.literal(type),
    slug: slug.nullish(),
    name: name.nullish(),
    properties: CUSTOM_FIELD_PROPERTIES[type].nullish(),
    metadata: MetadataInput.optional(),
  });

export const CustomFieldUpdate = z
  .discriminatedUnion('type', [
    updateOf('text'),
    updateOf('number'),
    updateOf('date'),
    updateOf('checkbox'),
    updateOf('select'),
  ])
  .meta({ id: 'CustomFieldUpdate' });
export type CustomFieldUpdate = z.infer<typeof CustomFieldUpdate>;
