// A new custom field: its properties checked for its type, its slug unique in the organization.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomFieldCreate } from '../../../contracts/custom-field-create';
import type { Clock } from '../../../kernel/clock';
import { newId } from '../../../kernel/ids';
import { flushUnique } from '../../../platform/database/flush-unique';
import { CustomField } from './custom-field.entity';
import { assertSlugFree, checkProperties, slugTaken } from './custom-field-checks';

export async function createCustomField(
  clock: Clock,
  em: EntityManager,
  organizationId: string,
  input: CustomFieldCreate,
): Promise<CustomField> {
  checkProperties(input.type, input.properties);
  await assertSlugFree(em, organizationId, input.slug);
  const field = em.create(CustomField, {
    id: newId(),
    organizationId,
    type: input.type,
    slug: input.slug,
    name: input.name,
    properties: input.properties,
    metadata: input.metadata,
    createdAt: clock.now(),
    modifiedAt: null,
  });
  await flushUnique(em, () => slugTaken(input.slug));
  return field;
}
