// HTTP surface of subscriptions read: list and get. The commands are subscription-command.routes.ts.
import { forgetReadEntities } from '../../platform/database/transaction';
import { IdParams } from '../../contracts/common';
import { Subscription as SubscriptionContract, SubscriptionList } from '../../contracts/subscription';
import { SubscriptionListQuery } from '../../contracts/subscription-list-query';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { SubscriptionService } from './subscription.service';

const READ = ['subscriptions:read', 'subscriptions:write'] as const;

export function subscriptionRoutes({ subscriptions }: { subscriptions: SubscriptionService }): RouteDefinition[] {
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
  ];
}
