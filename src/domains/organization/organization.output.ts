// What the API shows of an organization wherever it is embedded (checkouts, the customer portal).
import type { Organization } from './organization.entity';

export function organizationSummary(organization: Organization) {
  return {
    created_at: organization.createdAt.toISOString(),
    modified_at: organization.modifiedAt?.toISOString() ?? null,
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    avatar_url: null,
  };
}
