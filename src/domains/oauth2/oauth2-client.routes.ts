// One of the organization's registered OAuth2 clients: read it, replace its configuration, delete it.
import { z } from 'zod';
import { ClientIdParams, OAuth2Client } from '../../contracts/oauth2-client';
import { OAuth2ClientConfigurationUpdate } from '../../contracts/oauth2-client-configuration';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { clientOutput } from './oauth2-client.output';
import { type OAuth2ClientService } from './oauth2-client.service';
import { MANAGE } from './oauth2.scopes';

export function oauth2ClientRoutes(clients: OAuth2ClientService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/oauth2/register/:client_id',
      summary: 'Get one of the organization’s OAuth2 clients',
      scopes: MANAGE,
      params: ClientIdParams,
      status: 200,
      response: OAuth2Client,
      async handler({ auth, tx, params }) {
        return clientOutput(await clients.get(tx.em, auth.organizationId, params.client_id));
      },
    }),
    defineRoute({
      method: 'put',
      path: '/v1/oauth2/register/:client_id',
      summary: 'Replace an OAuth2 client’s configuration',
      scopes: MANAGE,
      params: ClientIdParams,
      body: OAuth2ClientConfigurationUpdate,
      status: 200,
      response: OAuth2Client,
      async handler({ auth, tx, params, body }) {
        return clientOutput(await clients.update(tx.em, auth.organizationId, params.client_id, body));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/oauth2/register/:client_id',
      summary: 'Delete an OAuth2 client: every token it holds stops working',
      scopes: MANAGE,
      params: ClientIdParams,
      status: 204,
      response: z.undefined(),
      async handler({ auth, tx, params }) {
        await clients.delete(tx.em, auth.organizationId, params.client_id);
        return undefined;
      },
    }),
  ];
}
