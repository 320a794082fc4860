// What a custom field is created with, one body per type.
import { z } from 'zod';
import { Uuid } from './common';
import { CUSTOM_FIELD_PROPERTIES, type CustomFieldType } from './custom-field-properties';
import { MetadataInput } from './metadata';

export const customFieldSlug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Lower-case letters, digits, dashes and underscores only');
export const customFieldName = z.string().trim().min(1).max(255);

const createOf = <T extends CustomFieldType>(type: T) =>
  z.object({
    type: z.literal(type),
    slug: customFieldSlug,
    name: customFieldName,
    properties: CUSTOM_FIELD_PROPERTIES[type],
    metadata: MetadataInput.default({}),
    organization_id: Uuid.nullish(),
  });

export const CustomFieldCreate = z
  .discriminatedUnion('type', [
    createOf('text'),
    createOf('number'),
    createOf('date'),
    createOf('checkbox'),
    createOf('select'),
  ])
  .meta({ id: 'CustomFieldCreate' });
export type CustomFieldCreate = z.infer<typeof CustomFieldCreate>;
