// The customer portal's subscription list: the caller's own subscriptions, as CustomerSubscription.
import { CustomerSubscriptionList } from '../../contracts/portal-subscription';
import { CustomerSubscriptionListQuery } from '../../contracts/portal-subscription-list-query';
import type { SubscriptionListQuery } from '../../contracts/subscription-list-query';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { OrganizationService } from '../organization';
import type { SubscriptionService } from '../subscription';
import { customerOrganization } from './portal-organization';
import { customerSubscriptions } from './portal-subscription.output';

export function portalSubscriptionListRoutes(deps: {
  subscriptions: SubscriptionService;
  organizations: OrganizationService;
}): RouteDefinition[] {
  const { subscriptions, organizations } = deps;
  return [
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/subscriptions/',
      summary: "List the customer's subscriptions",
      query: CustomerSubscriptionListQuery,
      status: 200,
      response: CustomerSubscriptionList,
      async handler({ customer, tx, query }) {
        const { organizationId, customerId } = customer;
        const page = await subscriptions.list(tx.em, organizationId, {
          ...query,
          sorting: apiSorting(query.sorting),
          customer_id: [customerId],
          metadata: {},
        });
        const organization = await customerOrganization(tx.em, organizations, organizationId);
        return {
          items: customerSubscriptions(await subscriptions.outputs(tx.em, page.items), organization),
          pagination: page.pagination,
        };
      },
    }),
  ];
}

/** The caller's subscriptions are all of one organization: sorting by it changes nothing. */
function apiSorting(sorting: CustomerSubscriptionListQuery['sorting']): SubscriptionListQuery['sorting'] {
  const kept = sorting.filter(
    (value): value is Exclude<typeof value, 'organization' | '-organization'> => !value.endsWith('organization'),
  );
  return kept.length ? kept : ['-started_at'];
}
