// HTTP surface of a checkout session for its customer: view, change and confirm it; the client secret is the
// credential.
import { CheckoutConfirm, CheckoutUpdatePublic } from '../../contracts/checkout-update';
import { CheckoutPublic, CheckoutPublicConfirmed, ClientSecretParams } from '../../contracts/checkout-public';
import { definePublicRoute, type RouteDefinition } from '../../platform/http/route';
import type { CheckoutClientService } from './checkout-client.service';

export function checkoutClientRoutes({ client }: { client: CheckoutClientService }): RouteDefinition[] {
  return [
    definePublicRoute({
      method: 'get',
      path: '/v1/checkouts/client/:client_secret',
      summary: "The customer's view of a checkout session",
      params: ClientSecretParams,
      status: 200,
      response: CheckoutPublic,
      outsideTransaction: true,
      async handler({ params }) {
        return client.view(params.client_secret);
      },
    }),
    definePublicRoute({
      method: 'patch',
      path: '/v1/checkouts/client/:client_secret',
      summary: "The customer's changes to an open checkout session",
      params: ClientSecretParams,
      body: CheckoutUpdatePublic,
      status: 200,
      response: CheckoutPublic,
      outsideTransaction: true,
      async handler({ params, body }) {
        return client.update(params.client_secret, body);
      },
    }),
    definePublicRoute({
      method: 'post',
      path: '/v1/checkouts/client/:client_secret/confirm',
      summary:
        'Confirm a checkout session (an Update of its workflow): the payment method is saved, the payment follows',
      params: ClientSecretParams,
      body: CheckoutConfirm,
      status: 200,
      response: CheckoutPublicConfirmed,
      outsideTransaction: true,
      async handler({ params, body }) {
        return client.confirm(params.client_secret, body);
      },
    }),
  ];
}
