// The customer portal's subscription cancel: at the end of its period, as the same Update of the subscription's
// workflow as the API's.
import { IdParams } from '../../contracts/common';
import { CustomerSubscription } from '../../contracts/portal-subscription';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { OrganizationService } from '../organization';
import type { SubscriptionCommandService, SubscriptionService } from '../subscription';
import { customerOrganization } from './portal-organization';
import { customerSubscriptions } from './portal-subscription.output';

export function portalSubscriptionCancelRoutes(deps: {
  subscriptions: SubscriptionService;
  commands: SubscriptionCommandService;
  organizations: OrganizationService;
}): RouteDefinition[] {
  const { subscriptions, commands, organizations } = deps;
  return [
    defineCustomerRoute({
      method: 'delete',
      path: '/v1/customer-portal/subscriptions/:id',
      summary: 'Cancel one of the customer’s subscriptions at the end of its period',
      params: IdParams,
      status: 200,
      response: CustomerSubscription,
      outsideTransaction: true,
      async handler({ customer, tx, params }) {
        await subscriptions.getOfCustomer(tx.em, customer.organizationId, customer.customerId, params.id);
        const organization = await customerOrganization(tx.em, organizations, customer.organizationId);
        const canceled = await commands.send(customer.organizationId, params.id, {
          kind: 'cancel',
          reason: null,
          comment: null,
        });
        return customerSubscriptions([canceled], organization)[0];
      },
    }),
  ];
}
