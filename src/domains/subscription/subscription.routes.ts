// HTTP surface of subscriptions read: list, export and get. The commands are subscription-command.routes.ts.
import { z } from 'zod';
import { detachedReads } from '../../platform/database/detached-reads';
import { IdParams } from '../../contracts/common';
import { Subscription as SubscriptionContract, SubscriptionList } from '../../contracts/subscription';
import { SubscriptionExportQuery, SubscriptionListQuery } from '../../contracts/subscription-list-query';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { SubscriptionService } from './subscription.service';
import { exportSubscriptions, type SubscriptionExportDeps } from './subscription-export';

const READ = ['subscriptions:read', 'subscriptions:write'] as const;

export function subscriptionRoutes({
  subscriptions,
  ...exportDeps
}: { subscriptions: SubscriptionService } & SubscriptionExportDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/subscriptions/',
      summary: 'List subscriptions',
      readOnly: true,
      scopes: READ,
      query: SubscriptionListQuery,
      status: 200,
      response: SubscriptionList,
      async handler({ auth, tx, query }) {
        const em = detachedReads(tx.em);
        const page = await subscriptions.list(em, auth.organizationId, query);
        return { items: await subscriptions.outputs(em, page.items), pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/subscriptions/export',
      summary: 'Export subscriptions as CSV (streamed)',
      scopes: READ,
      query: SubscriptionExportQuery,
      status: 200,
      response: z.string().meta({ contentMediaType: 'text/csv' }),
      outsideTransaction: true,
      async handler({ auth, query }) {
        return exportSubscriptions(exportDeps, auth.organizationId, query);
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
