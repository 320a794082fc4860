// Custom fields as the API shows them.
import type { CustomField as CustomFieldOutput } from '../../../contracts/custom-field';
import type { CustomField } from './custom-field.entity';

export function customFieldOutput(field: CustomField): CustomFieldOutput {
  return {
    created_at: field.createdAt.toISOString(),
    modified_at: field.modifiedAt?.toISOString() ?? null,
    id: field.id,
    metadata: field.metadata,
    type: field.type,
    slug: field.slug,
    name: field.name,
    organization_id: field.organizationId,
    properties: field.properties,
  } as CustomFieldOutput;
}
