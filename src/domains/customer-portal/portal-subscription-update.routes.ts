// The customer portal's subscription update: canceled at period end (with the customer's reason) or uncanceled, or
// moved to another product or seat count when the organization allows it. It is the same Update of the subscription's
// workflow as the API's, with the same refusals and webhooks; revoking at once stays the organization's to do. Pausing
// (at the period's end) and resuming (now) need the organization's `customer_portal_settings.subscription.pause`.
import { IdParams } from '../../contracts/common';
import { CustomerSubscription } from '../../contracts/portal-subscription';
import { CustomerSubscriptionUpdate } from '../../contracts/portal-subscription-update';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { ProductService } from '../catalog';
import type { OrganizationService } from '../organization';
import type { SubscriptionCommandService, SubscriptionService } from '../subscription';
import { portalRequest } from './portal-subscription-command';
import { customerSubscriptions } from './portal-subscription.output';

export interface PortalSubscriptionRouteDeps {
  subscriptions: SubscriptionService;
  commands: SubscriptionCommandService;
  products: ProductService;
  organizations: OrganizationService;
}

export function portalSubscriptionUpdateRoutes(deps: PortalSubscriptionRouteDeps): RouteDefinition[] {
  return [
    defineCustomerRoute({
      method: 'patch',
      path: '/v1/customer-portal/subscriptions/:id',
      summary:
        'Cancel at period end, uncancel, change the product or seats, pause or resume one of the customer’s subscriptions',
      params: IdParams,
      body: CustomerSubscriptionUpdate,
      status: 200,
      response: CustomerSubscription,
      outsideTransaction: true,
      // An Update of subscription:<id>: writes the change; subscription.updated (+ canceled / uncanceled).
      async handler({ customer, tx, params, body }) {
        const { command, organization } = await portalRequest(tx.em, deps, customer, params.id, body);
        return customerSubscriptions(
          [await deps.commands.send(customer.organizationId, params.id, command)],
          organization,
        )[0];
      },
    }),
  ];
}
