// What an organization's portal settings let its customers change of their subscriptions, and the refusal of the rest.
import type { CustomerOrganization } from '../../contracts/portal-customer-organization';
import { NotPermitted } from '../../kernel/errors';

export type PortalChange = 'update_plan' | 'update_seats' | 'pause';

/** Refuses (403) a change the organization's portal settings keep from its customers. */
export function assertPortalAllows(organization: CustomerOrganization, change: PortalChange): void {
  if (organization.customer_portal_settings.subscription[change]) return;
  const what = { update_plan: 'change the product of', update_seats: 'change the seats of', pause: 'pause or resume' }[
    change
  ];
  throw new NotPermitted(`${organization.name} does not let customers ${what} their subscriptions here.`);
}
