// A new customer session as the API shows it: its token (this once), its customer and its portal URL.
import type { EntityManager } from '@mikro-orm/postgresql';
import { customerOutput, type Customer } from '../customer';
import type { OrganizationService } from '../organization';
import type { CustomerSession } from './customer-session.entity';
import { customerPortalUrl } from './customer-session.logic';

export async function customerSessionOutput(
  deps: { organizations: OrganizationService; publicUrl: string },
  em: EntityManager,
  session: CustomerSession,
  token: string,
  customer: Customer,
) {
  const organization = await deps.organizations.findOrganization(em, session.organizationId);
  return {
    created_at: session.createdAt.toISOString(),
    modified_at: session.modifiedAt?.toISOString() ?? null,
    id: session.id,
    token,
    expires_at: session.expiresAt.toISOString(),
    return_url: session.returnUrl,
    customer_portal_url: customerPortalUrl(deps.publicUrl, organization.slug, token),
    customer_id: customer.id,
    customer: customerOutput(customer),
  };
}
