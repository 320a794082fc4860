// The customer portal's subscription read: one of the caller's own, as CustomerSubscription; another customer's is
// not found.
import { IdParams } from '../../contracts/common';
import { CustomerSubscription } from '../../contracts/portal-subscription';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { OrganizationService } from '../organization';
import type { SubscriptionService } from '../subscription';
import { customerOrganization } from './portal-organization';
import { customerSubscriptions } from './portal-subscription.output';

export function portalSubscriptionRoutes(deps: {
  subscriptions: SubscriptionService;
  organizations: OrganizationService;
}): RouteDefinition[] {
  const { subscriptions, organizations } = deps;
  return [
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/subscriptions/:id',
      summary: "Get one of the customer's subscriptions",
      params: IdParams,
      status: 200,
      response: CustomerSubscription,
      async handler({ customer, tx, params }) {
        const subscription = await subscriptions.getOfCustomer(
          tx.em,
          customer.organizationId,
          customer.customerId,
          params.id,
        );
        const organization = await customerOrganization(tx.em, organizations, customer.organizationId);
        return customerSubscriptions(await subscriptions.outputs(tx.em, [subscription]), organization)[0];
      },
    }),
  ];
}
