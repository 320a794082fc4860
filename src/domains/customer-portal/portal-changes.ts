// What an organization's portal settings let its customers change of their subscriptions, and the refusal of the rest.
import type { CustomerOrganization } from '../../contracts/portal-customer-organization';
import { NotPermitted } from '../../kernel/errors';

export type PortalChange = 'update_plan' | 'update_seats';

/** Refuses (403) a change the organization's portal settings keep from its customers. */
export function assertPortalAllows(organization: CustomerOrganization, change: PortalChange): void {
  if (organization.customer_portal_settings.subscription[change]) return;
  const what = change === 'update_plan' ? 'change the product of' : 'change the seats of';
  throw new NotPermitted(`${organization.name} does not let customers ${what} their subscriptions here.`);
}
