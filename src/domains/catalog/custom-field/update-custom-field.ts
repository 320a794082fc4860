// A custom field's changes: its type stays, a new slug must be free, new properties are checked for its type.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomFieldUpdate } from '../../../contracts/custom-field-update';
import type { Clock } from '../../../kernel/clock';
import { invalidField } from '../../../kernel/errors';
import { flushUnique } from '../../../platform/database/flush-unique';
import type { CustomField } from './custom-field.entity';
import { assertSlugFree, checkProperties, slugTaken } from './custom-field-checks';

export async function updateCustomField(
  clock: Clock,
  em: EntityManager,
  field: CustomField,
  input: CustomFieldUpdate,
): Promise<CustomField> {
  if (input.type !== field.type)
    throw invalidField(['body', 'type'], `This custom field is of type "${field.type}"; its type cannot change.`);
  if (input.slug != null && input.slug !== field.slug) {
    await assertSlugFree(em, field.organizationId, input.slug);
    field.slug = input.slug;
  }
  if (input.name != null) field.name = input.name;
  if (input.properties != null) {
    checkProperties(field.type, input.properties);
    field.properties = input.properties;
  }
  if (input.metadata !== undefined) field.metadata = input.metadata;
  field.modifiedAt = clock.now();
  await flushUnique(em, () => slugTaken(field.slug));
  return field;
}
