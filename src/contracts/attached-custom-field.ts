// A custom field attached to a product: which, whether required, and in what order.
import { z } from 'zod';
import { Uuid } from './common';
import { CustomField } from './custom-field';

export const AttachedCustomFieldCreate = z.object({ custom_field_id: Uuid, required: z.boolean() });
export const AttachedCustomField = z
  .object({ custom_field_id: Uuid, custom_field: CustomField, order: z.int32(), required: z.boolean() })
  .meta({ id: 'AttachedCustomField' });
