// One customer deleted, by id or by external id: its running subscriptions revoked first.
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { CustomerDeleteQuery, ExternalIdParams } from '../../contracts/customer-params';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { CustomerService } from './customer.service';
import type { SubscriptionRevoker } from './customer-deps';
import { WRITE } from './customer.scopes';

export function customerDeleteRoutes({
  customers,
  revoke,
}: {
  customers: CustomerService;
  revoke: SubscriptionRevoker;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'delete',
      path: '/v1/customers/:id',
      summary:
        'Delete a customer: its subscriptions and grants are revoked, its orders kept; `anonymize` also erases what identifies a person',
      scopes: WRITE,
      params: IdParams,
      query: CustomerDeleteQuery,
      status: 204,
      response: z.undefined(),
      outsideTransaction: true,
      async handler({ auth, params, query }) {
        await customers.remove(
          auth.organizationId,
          (em, lock) => customers.get(em, auth.organizationId, params.id, { lock }),
          query.anonymize,
          revoke,
        );
        return undefined;
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/customers/external/:external_id',
      summary: 'Delete a customer by external ID',
      scopes: WRITE,
      params: ExternalIdParams,
      query: CustomerDeleteQuery,
      status: 204,
      response: z.undefined(),
      outsideTransaction: true,
      async handler({ auth, params, query }) {
        await customers.remove(
          auth.organizationId,
          (em, lock) => customers.getByExternalId(em, auth.organizationId, params.external_id, { lock }),
          query.anonymize,
          revoke,
        );
        return undefined;
      },
    }),
  ];
}
