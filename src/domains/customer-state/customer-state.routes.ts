// HTTP surface of customer state, by id and by external id.
import { IdParams } from '../../contracts/common';
import { ExternalIdParams } from '../../contracts/customer-params';
import { CustomerState } from '../../contracts/customer-state';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { CustomerStateService } from './customer-state.service';

const READ = ['customers:read', 'customers:write'] as const;

export function customerStateRoutes({ states }: { states: CustomerStateService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/customers/:id/state',
      summary: "Get a customer's state: active subscriptions, granted benefits, meters",
      scopes: READ,
      params: IdParams,
      status: 200,
      response: CustomerState,
      async handler({ auth, tx, params }) {
        return states.get(tx.em, auth.organizationId, params.id);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/customers/external/:external_id/state',
      summary: "Get a customer's state by external ID",
      scopes: READ,
      params: ExternalIdParams,
      status: 200,
      response: CustomerState,
      async handler({ auth, tx, params }) {
        return states.getByExternalId(tx.em, auth.organizationId, params.external_id);
      },
    }),
  ];
}
