// HTTP surface of webhooks: endpoints, their secrets, the delivery log, and redelivery.
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { WebhookDeliveryList } from '../../contracts/webhook-delivery';
import { WebhookDeliveryListQuery } from '../../contracts/webhook-delivery-query';
import { WebhookEndpoint, WebhookEndpointList, WebhookEndpointListQuery } from '../../contracts/webhook-endpoint';
import { WebhookEndpointCreate } from '../../contracts/webhook-endpoint-create';
import { WebhookEndpointUpdate } from '../../contracts/webhook-endpoint-update';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { WebhookDeliveryService } from './webhook-delivery.service';
import type { WebhookEndpointService } from './webhook-endpoint.service';
import type { WebhookLogService } from './webhook-log.service';

const READ = ['webhooks:read', 'webhooks:write'] as const;
const WRITE = ['webhooks:write'] as const;

export function webhookRoutes({
  endpoints,
  deliveries,
  log,
}: {
  endpoints: WebhookEndpointService;
  deliveries: WebhookDeliveryService;
  log: WebhookLogService;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/webhooks/endpoints',
      summary: 'Create a webhook endpoint; the response carries its signing secret, shown only here',
      scopes: WRITE,
      body: WebhookEndpointCreate,
      status: 201,
      response: WebhookEndpoint,
      idempotent: {
        remember: (response) => ({ id: (response as { id: string }).id }),
        async replay({ tx, auth }, remembered) {
          const endpoint = await endpoints.get(tx.em, auth.organizationId, (remembered as { id: string }).id);
          return endpoints.output(endpoint, endpoints.secretOf(endpoint));
        },
      },
      async handler({ auth, tx, body, request }) {
        const { endpoint, secret } = await endpoints.create(tx.em, auth.organizationId, body, request.apiVersion);
        return endpoints.output(endpoint, secret);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/webhooks/endpoints',
      summary: 'List webhook endpoints',
      scopes: READ,
      query: WebhookEndpointListQuery,
      status: 200,
      response: WebhookEndpointList,
      async handler({ auth, tx, query }) {
        const page = await endpoints.list(tx.em, auth.organizationId, query);
        return { items: page.items.map((e) => endpoints.output(e)), pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/webhooks/endpoints/:id',
      summary: 'Get a webhook endpoint',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: WebhookEndpoint,
      async handler({ auth, tx, params }) {
        return endpoints.output(await endpoints.get(tx.em, auth.organizationId, params.id));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/webhooks/endpoints/:id',
      summary: 'Update a webhook endpoint (enabling it again resumes delivery)',
      scopes: WRITE,
      params: IdParams,
      body: WebhookEndpointUpdate,
      status: 200,
      response: WebhookEndpoint,
      async handler({ auth, tx, params, body }) {
        return endpoints.output(await endpoints.update(tx.em, auth.organizationId, params.id, body));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/webhooks/endpoints/:id/secret',
      summary: 'Replace the signing secret; the response carries the new one, shown only here',
      scopes: WRITE,
      params: IdParams,
      status: 200,
      response: WebhookEndpoint,
      async handler({ auth, tx, params }) {
        const { endpoint, secret } = await endpoints.resetSecret(tx.em, auth.organizationId, params.id);
        return endpoints.output(endpoint, secret);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/webhooks/endpoints/:id',
      summary: 'Delete a webhook endpoint',
      scopes: WRITE,
      params: IdParams,
      status: 204,
      response: z.undefined(),
      async handler({ auth, tx, params }) {
        await endpoints.delete(tx.em, auth.organizationId, params.id);
        return undefined;
      },
    }),
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
