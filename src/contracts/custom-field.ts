// Custom fields a checkout collects: text, number, date, checkbox, select.
import { z } from 'zod';
import { ListResource } from './list-resource';
import { MetadataInput, MetadataOutput, MetadataQuery } from './metadata';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';
import { Timestamp, Uuid } from './common';

const form = {
  form_label: z.string().max(255).optional(),
  form_help_text: z.string().max(1000).optional(),
  form_placeholder: z.string().max(255).optional(),
};
const bound = z.int32().optional();
/** Date bounds are Unix seconds (kept in jsonb), so they reach past 2038. */
const dateBound = z.int().optional();

export const CUSTOM_FIELD_PROPERTIES = {
  text: z.object({
    ...form,
    textarea: z.boolean().optional(),
    min_length: z.int32().min(0).optional(),
    max_length: z.int32().min(1).optional(),
  }),
  number: z.object({ ...form, ge: bound, le: bound }),
  date: z.object({ ...form, ge: dateBound, le: dateBound }),
  checkbox: z.object(form),
  select: z.object({
    ...form,
    options: z
      .array(z.object({ value: z.string().min(1).max(255), label: z.string().min(1).max(255) }))
      .min(1)
      .max(100),
  }),
} as const;
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'checkbox', 'select'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

const slug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Lower-case letters, digits, dashes and underscores only');
const name = z.string().trim().min(1).max(255);

const createOf = <T extends CustomFieldType>(type: T) =>
  z.object({
    type: z.literal(type),
    slug,
    name,
    properties: CUSTOM_FIELD_PROPERTIES[type],
    metadata: MetadataInput.default({}),
    organization_id: Uuid.nullish(),
  });
const updateOf = <T extends CustomFieldType>(type: T) =>
  z.object({
    type: z.literal(type),
    slug: slug.nullish(),
    name: name.nullish(),
    properties: CUSTOM_FIELD_PROPERTIES[type].nullish(),
    metadata: MetadataInput.optional(),
  });
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

export const CUSTOM_FIELD_SORT_FIELDS = ['created_at', 'slug', 'name', 'type'] as const;
export const CustomFieldListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  query: queryOne(z.string().max(255).optional()),
  type: queryMany(z.enum(CUSTOM_FIELD_TYPES)),
  sorting: sortingQuery(CUSTOM_FIELD_SORT_FIELDS, ['-created_at']),
  metadata: MetadataQuery,
});
export type CustomFieldListQuery = z.infer<typeof CustomFieldListQuery>;

export const AttachedCustomFieldCreate = z.object({ custom_field_id: Uuid, required: z.boolean() });
export const AttachedCustomField = z
  .object({ custom_field_id: Uuid, custom_field: CustomField, order: z.int32(), required: z.boolean() })
  .meta({ id: 'AttachedCustomField' });
