// The customer portal's change preview (our addition): the body of the portal's update, worked out by the code that
// makes the change, with nothing written — what the customer would pay now and at the next renewal.
import { IdParams } from '../../contracts/common';
import { CustomerSubscriptionUpdate } from '../../contracts/portal-subscription-update';
import { CustomerSubscriptionChangePreview } from '../../contracts/subscription-change-preview';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import { customerOrganization } from './portal-organization';
import { portalCommand } from './portal-subscription-command';
import type { PortalSubscriptionRouteDeps } from './portal-subscription-update.routes';
import { customerSubscriptions } from './portal-subscription.output';

export function portalSubscriptionPreviewRoutes(deps: PortalSubscriptionRouteDeps): RouteDefinition[] {
  const { subscriptions, commands, organizations } = deps;
  return [
    defineCustomerRoute({
      method: 'post',
      path: '/v1/customer-portal/subscriptions/:id/preview',
      summary: 'Preview a change of one of the customer’s subscriptions, with nothing written',
      params: IdParams,
      body: CustomerSubscriptionUpdate,
      status: 200,
      response: CustomerSubscriptionChangePreview,
      outsideTransaction: true,
      async handler({ customer, tx, params, body }) {
        const subscription = await subscriptions.getOfCustomer(
          tx.em,
          customer.organizationId,
          customer.customerId,
          params.id,
        );
        const organization = await customerOrganization(tx.em, organizations, customer.organizationId);
        const command = await portalCommand(tx.em, deps.products, subscription, organization, body);
        const { preview, subscription: after } = await commands.preview(customer.organizationId, params.id, command);
        return { ...preview, subscription: customerSubscriptions([after], organization)[0] };
      },
    }),
  ];
}
