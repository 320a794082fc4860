// The customer portal's claimed subscriptions: the subscriptions in which the session's member holds a claimed seat,
// open to every member (the seat domain says which; the subscription domain shows them).
import { z } from 'zod';
import { CustomerSubscriptionList } from '../../contracts/portal-subscription';
import { PageQuery } from '../../contracts/query-params';
import { pageOffset, paginationOf } from '../../kernel/pagination';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { OrganizationService } from '../organization';
import type { SeatService } from '../seat';
import type { SubscriptionService } from '../subscription';
import { customerOrganization } from './portal-organization';
import { customerSubscriptions } from './portal-subscription.output';

export function portalSeatSubscriptionRoutes(deps: {
  seats: SeatService;
  subscriptions: SubscriptionService;
  organizations: OrganizationService;
}): RouteDefinition[] {
  return [
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/seats/subscriptions',
      summary: 'List the subscriptions in which the member holds a claimed seat',
      query: z.object(PageQuery),
      status: 200,
      response: CustomerSubscriptionList,
      readOnly: true,
      members: 'all',
      async handler({ customer, tx, query }) {
        const { organizationId, memberId } = customer;
        const ids = await deps.seats.claimedSubscriptionIds(tx.em, organizationId, memberId);
        const offset = pageOffset(query);
        const rows = [];
        for (const id of ids.slice(offset, offset + query.limit))
          rows.push(await deps.subscriptions.get(tx.em, organizationId, id));
        const organization = await customerOrganization(tx.em, deps.organizations, organizationId);
        return {
          items: customerSubscriptions(await deps.subscriptions.outputs(tx.em, rows), organization),
          pagination: paginationOf(ids.length, query.limit),
        };
      },
    }),
  ];
}
