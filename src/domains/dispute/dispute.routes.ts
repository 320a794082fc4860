// HTTP surface of disputes: list, read and accept them (1.x); in the sandbox, open one for a paid order and decide
// it (our addition). Processor events arrive through Stripe's webhook (the checkout domain's route).
import { IdParams } from '../../contracts/common';
import { Dispute, DisputeList, SandboxDisputeCreate, SandboxDisputeResolve } from '../../contracts/dispute';
import { DisputeListQuery } from '../../contracts/dispute-list-query';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { DisputeService } from './dispute.service';

const READ = ['disputes:read', 'disputes:write'] as const;
const WRITE = ['disputes:write'] as const;

export function disputeRoutes({ disputes }: { disputes: DisputeService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/disputes/',
      summary: 'List disputes',
      scopes: READ,
      query: DisputeListQuery,
      status: 200,
      response: DisputeList,
      async handler({ auth, tx, query }) {
        const page = await disputes.list(tx.em, auth.organizationId, query);
        return { items: await disputes.outputs(tx.em, auth.organizationId, page.items), pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/disputes/:id',
      summary: 'Get a dispute',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: Dispute,
      async handler({ auth, tx, params }) {
        const dispute = await disputes.get(tx.em, auth.organizationId, params.id);
        return (await disputes.outputs(tx.em, auth.organizationId, [dispute]))[0];
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/disputes/:id/accept',
      summary: 'Accept a dispute',
      scopes: WRITE,
      params: IdParams,
      status: 200,
      response: Dispute,
      // sends `move` (accept) to `dispute:<id>`: the processor is told, the loss recorded, order.updated sent
      // An Update of the dispute's flow: no connection is held while it runs.
      outsideTransaction: true,
      async handler({ auth, tx, params }) {
        return disputes.accept(tx.em, auth.organizationId, params.id);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/disputes/sandbox',
      summary: 'Open a dispute of a paid order (sandbox only)',
      scopes: WRITE,
      body: SandboxDisputeCreate,
      status: 201,
      response: Dispute,
      idempotent: true,
      // the sandbox processor's dispute, then the dispute, the order marked and `dispute:<id>` started (outbox)
      async handler({ auth, tx, body }) {
        return disputes.openInSandbox(tx, auth.organizationId, body);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/disputes/:id/sandbox-resolve',
      summary: 'Decide a dispute, won or lost (sandbox only)',
      scopes: WRITE,
      params: IdParams,
      body: SandboxDisputeResolve,
      status: 200,
      response: Dispute,
      // sends `move` (the status) to `dispute:<id>`, as the processor's event would
      // An Update of the dispute's flow: no connection is held while it runs.
      outsideTransaction: true,
      async handler({ auth, tx, params, body }) {
        return disputes.resolveInSandbox(tx.em, auth.organizationId, params.id, body.status);
      },
    }),
  ];
}
