// HTTP surface of webhooks: endpoints, their secrets, the delivery log, and redelivery.
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { WebhookDeliveryList, WebhookDeliveryListQuery, WebhookEndpoint, WebhookEndpointCreate, WebhookEndpointList, WebhookEndpointListQuery, WebhookEndpointUpdate } from '../../contracts/webhook';
import { defineRoute } from '../../app/http/route';

const READ = ['webhooks:read', 'webhooks:write'] as const;
const WRITE = ['webhooks:write'] as const;

export const webhookRoutes = [
  defineRoute({
    method: 'post',
    path: '/v1/webhooks/endpoints',
    summary: 'Create a webhook endpoint; the response carries its signing secret, shown only here',
    scopes: WRITE,
    body: WebhookEndpointCreate,
    status: 201,
    response: WebhookEndpoint,
    idempotent: true,
    async handler({ env, auth, tx, body }) {
      const { endpoint, secret } = await env.webhookEndpoints.create(tx.em, auth.organizationId, body);
      return env.webhookEndpoints.output(endpoint, secret);
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
    async handler({ env, auth, tx, query }) {
      const page = await env.webhookEndpoints.list(tx.em, auth.organizationId, query);
      return { items: page.items.map((e) => env.webhookEndpoints.output(e)), pagination: page.pagination };
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
    async handler({ env, auth, tx, params }) {
      return env.webhookEndpoints.output(await env.webhookEndpoints.get(tx.em, auth.organizationId, params.id));
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
    async handler({ env, auth, tx, params, body }) {
      return env.webhookEndpoints.output(await env.webhookEndpoints.update(tx.em, auth.organizationId, params.id, body));
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
    async handler({ env, auth, tx, params }) {
      const { endpoint, secret } = await env.webhookEndpoints.resetSecret(tx.em, auth.organizationId, params.id);
      return env.webhookEndpoints.output(endpoint, secret);
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
    async handler({ env, auth, tx, params }) {
      await env.webhookEndpoints.delete(tx.em, auth.organizationId, params.id);
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
    async handler({ env, auth, tx, query }) {
      return env.webhookLog.list(tx.em, auth.organizationId, query);
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
    async handler({ env, auth, tx, params }) {
      await env.webhookDeliveries.redeliver(tx, auth.organizationId, params.id);
      return {};
    },
  }),
];
