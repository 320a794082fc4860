// The delivery log and redelivery: every attempt, listed; an event delivered again with its id.
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { WebhookDeliveryList } from '../../contracts/webhook-delivery';
import { WebhookDeliveryListQuery } from '../../contracts/webhook-delivery-query';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { WebhookDeliveryService } from './webhook-delivery.service';
import type { WebhookLogService } from './webhook-log.service';
import { READ, WRITE } from './webhook.scopes';

export function webhookDeliveryRoutes({
  deliveries,
  log,
}: {
  deliveries: WebhookDeliveryService;
  log: WebhookLogService;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/webhooks/deliveries',
      summary: 'List delivery attempts',
      scopes: READ,
      query: WebhookDeliveryListQuery,
      status: 200,
      response: WebhookDeliveryList,
      async handler({ auth, tx, query }) {
        return log.list(tx.em, auth.organizationId, query);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/webhooks/events/:id/redeliver',
      summary: 'Deliver an event again, with the same event id',
      scopes: WRITE,
      params: IdParams,
      status: 202,
      response: z.object({}),
      async handler({ auth, tx, params }) {
        await deliveries.redeliver(tx, auth.organizationId, params.id);
        return {};
      },
    }),
  ];
}
