// Registering an OAuth2 client: its secret shown once, a repeat answered again without it.
import { OAuth2Client } from '../../contracts/oauth2-client';
import { OAuth2ClientConfiguration } from '../../contracts/oauth2-client-configuration';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { secretShownOnce } from '../../platform/idempotency';
import { clientOutput } from './oauth2-client.output';
import { type OAuth2ClientService } from './oauth2-client.service';
import { MANAGE } from './oauth2.scopes';

export function oauth2RegisterRoutes(clients: OAuth2ClientService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/oauth2/register',
      summary: 'Register an OAuth2 client (its secret is shown once)',
      scopes: MANAGE,
      body: OAuth2ClientConfiguration,
      status: 200,
      response: OAuth2Client,
      // a public client's answer holds no secret: its repeat is answered again
      idempotent: secretShownOnce({
        resource: 'OAuth2 client',
        secret: 'client_secret',
        read: (response: { client_id: string; client_secret?: string }) => ({
          id: response.client_id,
          secret: response.client_secret,
        }),
        again: async ({ tx, auth }, clientId) => clientOutput(await clients.get(tx.em, auth.organizationId, clientId)),
      }),
      async handler({ auth, tx, body }) {
        return clients.register(tx.em, auth.organizationId, body);
      },
    }),
  ];
}
