// HTTP surface of subscriptions: list, get, update (cancel, uncancel, revoke, plan/seat/discount changes), revoke.
// Every command is an Update of the subscription's workflow, which runs it between renewals.
import { forgetReadEntities } from '../../platform/database/transaction';
import { IdParams } from '../../contracts/common';
import { Subscription as SubscriptionContract, SubscriptionList } from '../../contracts/subscription';
import { SubscriptionListQuery } from '../../contracts/subscription-list-query';
import { SubscriptionUpdate } from '../../contracts/subscription-update';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { OrganizationService } from '../organization';
import type { SubscriptionCommandService } from './subscription-commands.service';
import { commandOf } from './subscription-command.logic';
import type { SubscriptionService } from './subscription.service';

const READ = ['subscriptions:read', 'subscriptions:write'] as const;
const WRITE = ['subscriptions:write'] as const;

export function subscriptionRoutes({
  subscriptions,
  commands,
  organizations,
}: {
  subscriptions: SubscriptionService;
  commands: SubscriptionCommandService;
  organizations: OrganizationService;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/subscriptions/',
      summary: 'List subscriptions',
      scopes: READ,
      query: SubscriptionListQuery,
      status: 200,
      response: SubscriptionList,
      async handler({ auth, tx, query }) {
        const page = await subscriptions.list(tx.em, auth.organizationId, query);
        const items = await subscriptions.outputs(tx.em, page.items);
        forgetReadEntities(tx);
        return { items, pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/subscriptions/:id',
      summary: 'Get a subscription',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: SubscriptionContract,
      async handler({ auth, tx, params }) {
        const [output] = await subscriptions.outputs(tx.em, [
          await subscriptions.get(tx.em, auth.organizationId, params.id),
        ]);
        return output;
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/subscriptions/:id',
      summary: 'Cancel, uncancel, revoke or change a subscription (an Update of its workflow)',
      scopes: WRITE,
      params: IdParams,
      body: SubscriptionUpdate,
      status: 200,
      response: SubscriptionContract,
      outsideTransaction: true,
      async handler({ auth, tx, params, body, idempotencyKey }) {
        const { prorationBehavior } = await organizations.findOrganization(tx.em, auth.organizationId);
        return commands.send(auth.organizationId, params.id, commandOf(body, prorationBehavior), idempotencyKey);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/subscriptions/:id',
      summary: 'Revoke a subscription now',
      scopes: WRITE,
      params: IdParams,
      status: 200,
      response: SubscriptionContract,
      outsideTransaction: true,
      async handler({ auth, params, idempotencyKey }) {
        return commands.send(
          auth.organizationId,
          params.id,
          { kind: 'revoke', reason: null, comment: null },
          idempotencyKey,
        );
      },
    }),
  ];
}
