// The custom field types and each type's properties: the form's texts and the type's bounds or options.
import { z } from 'zod';

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
