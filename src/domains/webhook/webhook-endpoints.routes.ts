// The webhook endpoints collection: create one (its signing secret shown only then) and list them.
import { WebhookEndpoint, WebhookEndpointList, WebhookEndpointListQuery } from '../../contracts/webhook-endpoint';
import { WebhookEndpointCreate } from '../../contracts/webhook-endpoint-create';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { WebhookEndpointService } from './webhook-endpoint.service';
import { READ, WRITE } from './webhook.scopes';

export function webhookEndpointsRoutes(endpoints: WebhookEndpointService): RouteDefinition[] {
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
  ];
}
