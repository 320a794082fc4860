// `/v1/customers/{id}/timeline` (and by external id) for the organization, `/v1/customer-portal/timeline` for the
// customer: a customer's billing facts in time order, with their causes and the next scheduled steps.
import { IdParams } from '../../contracts/common';
import { ExternalIdParams } from '../../contracts/customer-params';
import { CustomerTimeline, Timeline, TimelineQuery } from '../../contracts/timeline';
import { defineCustomerRoute, defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { TimelineService } from './timeline.service';

const READ = ['customers:read', 'customers:write'] as const;

export function timelineRoutes(timeline: TimelineService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/customers/:id/timeline',
      summary: "Get a customer's billing timeline",
      scopes: READ,
      params: IdParams,
      query: TimelineQuery,
      status: 200,
      response: Timeline,
      readOnly: true,
      handler: ({ auth, tx, params, query }) => timeline.ofCustomer(tx.em, auth.organizationId, params.id, query),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/customers/external/:external_id/timeline',
      summary: "Get a customer's billing timeline by external ID",
      scopes: READ,
      params: ExternalIdParams,
      query: TimelineQuery,
      status: 200,
      response: Timeline,
      readOnly: true,
      handler: ({ auth, tx, params, query }) =>
        timeline.ofExternalCustomer(tx.em, auth.organizationId, params.external_id, query),
    }),
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/timeline',
      summary: 'Get the billing timeline of the authenticated customer',
      query: TimelineQuery,
      status: 200,
      response: CustomerTimeline,
      readOnly: true,
      handler: ({ customer, tx, query }) => timeline.forCustomer(tx.em, customer, query),
    }),
  ];
}
