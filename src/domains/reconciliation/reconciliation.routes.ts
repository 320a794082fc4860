// `GET /v1/reconciliation`: the conservation laws of the organization's books over a range of days.
import { Reconciliation, ReconciliationQuery } from '../../contracts/reconciliation';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { ReconciliationService } from './reconciliation.service';

/** The books are read through the orders' scope: no scope of its own (published clients parse the scope list). */
const READ = ['orders:read'] as const;

export function reconciliationRoutes(reconciliation: ReconciliationService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/reconciliation',
      summary: 'Check that the books add up over a range of days',
      scopes: READ,
      query: ReconciliationQuery,
      status: 200,
      response: Reconciliation,
      readOnly: true,
      handler: ({ auth, query }) => reconciliation.reconcile(auth.organizationId, query),
    }),
  ];
}
