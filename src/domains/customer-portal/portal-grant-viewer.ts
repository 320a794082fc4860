// Who a grant is shown to in the customer portal: the caller as the customer, and the organization that gives it.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthenticatedCustomer } from '../../platform/http/route';
import type { CustomerService } from '../customer';
import type { OrganizationService } from '../organization';
import type { GrantViewer } from './portal-benefit.output';
import { memberViewOfCustomer, portalCustomerOutput } from './portal-customer.output';
import { customerOrganization } from './portal-organization';

export async function viewerOf(
  em: EntityManager,
  deps: { customers: CustomerService; organizations: OrganizationService },
  customer: AuthenticatedCustomer,
): Promise<GrantViewer> {
  const account = portalCustomerOutput(
    await deps.customers.getOutput(em, customer.organizationId, customer.customerId),
  );
  return {
    customer: customer.role === 'member' ? memberViewOfCustomer(account) : account,
    organization: await customerOrganization(em, deps.organizations, customer.organizationId),
  };
}
