// Benefits as the API shows them.
import type { Benefit as BenefitOutput } from '../../contracts/benefit';
import type { Benefit } from './benefit.entity';

export function benefitOutput(benefit: Benefit): BenefitOutput {
  return {
    id: benefit.id,
    created_at: benefit.createdAt.toISOString(),
    modified_at: benefit.modifiedAt?.toISOString() ?? null,
    type: benefit.type,
    description: benefit.description,
    selectable: true,
    deletable: true,
    is_deleted: benefit.deletedAt !== null,
    organization_id: benefit.organizationId,
    metadata: benefit.metadata,
    visibility: benefit.visibility,
    visibility_configurable: true,
    properties: benefit.properties,
  } as BenefitOutput;
}
