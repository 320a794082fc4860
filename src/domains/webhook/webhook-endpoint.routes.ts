// One webhook endpoint: read it, change it, replace its signing secret, delete it.
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { WebhookEndpoint } from '../../contracts/webhook-endpoint';
import { WebhookEndpointUpdate } from '../../contracts/webhook-endpoint-update';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { WebhookEndpointService } from './webhook-endpoint.service';
import { READ, WRITE } from './webhook.scopes';

export function webhookEndpointRoutes(endpoints: WebhookEndpointService): RouteDefinition[] {
  return [
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
  ];
}
