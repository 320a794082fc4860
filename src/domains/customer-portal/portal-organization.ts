// The organization as its customers see it in the portal (the reference's CustomerOrganization), and how the changes
// its customers make there are billed.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerOrganization } from '../../contracts/portal-customer-organization';
import { publicOrganizationOutput, type Organization, type OrganizationService } from '../organization';

/**
 * How a plan or seat change made from the portal is billed: the difference is charged at once (and nothing changes
 * if that fails). Carried to the next renewal (`prorate`), it would never be billed once the customer canceled.
 */
export const PORTAL_PRORATION = 'invoice';

export function customerOrganizationOutput(organization: Organization): CustomerOrganization {
  const shown = publicOrganizationOutput(organization);
  return {
    ...shown,
    proration_behavior: PORTAL_PRORATION,
    subscription_settings: { ...shown.subscription_settings, proration_behavior: PORTAL_PRORATION },
    customer_portal_settings: {
      usage: { show: true },
      // What customers can do here: nothing of either when the organization allows no customer updates at all.
      subscription: {
        update_plan: organization.allowCustomerUpdates && organization.customerPortalUpdatePlan,
        update_seats: organization.allowCustomerUpdates && organization.customerPortalUpdateSeats,
        pause: organization.allowCustomerUpdates && organization.customerPortalPause,
      },
    },
    organization_features: { member_model_enabled: false, checkout_localization_enabled: false },
  };
}

export async function customerOrganization(
  em: EntityManager,
  organizations: OrganizationService,
  organizationId: string,
): Promise<CustomerOrganization> {
  return customerOrganizationOutput(await organizations.findOrganization(em, organizationId));
}
