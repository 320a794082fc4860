// HTTP surface of checkouts: the merchant's /v1/checkouts endpoints (token) and the customer's client-secret ones.
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { Checkout } from '../../contracts/checkout';
import { CheckoutConfirm, CheckoutUpdate, CheckoutUpdatePublic } from '../../contracts/checkout-update';
import { CheckoutCreate } from '../../contracts/checkout-create';
import { CheckoutList, CheckoutListQuery } from '../../contracts/checkout-list';
import { CheckoutPublic, CheckoutPublicConfirmed, ClientSecretParams } from '../../contracts/checkout-public';
import { definePublicRoute, defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { CheckoutClientService } from './checkout-client.service';
import type { CheckoutService } from './checkout.service';

const READ = ['checkouts:read', 'checkouts:write'] as const;
const WRITE = ['checkouts:write'] as const;

/** The merchant's endpoints (token) and the customer's (the client secret is the credential). */
export function checkoutRoutes({
  checkouts,
  client,
}: {
  checkouts: CheckoutService;
  client: CheckoutClientService;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/checkouts/',
      summary: 'Create a checkout session (writes checkout.created; starts its workflow)',
      scopes: WRITE,
      body: CheckoutCreate,
      status: 201,
      response: Checkout,
      idempotent: true,
      async handler({ auth, tx, body }) {
        return checkouts.output(tx.em, await checkouts.create(tx, auth.organizationId, body));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/checkouts/',
      summary: 'List checkout sessions',
      scopes: READ,
      query: CheckoutListQuery,
      status: 200,
      response: CheckoutList,
      async handler({ auth, tx, query }) {
        const page = await checkouts.list(tx.em, auth.organizationId, query);
        return {
          items: await Promise.all(page.items.map((c) => checkouts.output(tx.em, c))),
          pagination: page.pagination,
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/checkouts/:id',
      summary: 'Get a checkout session',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: Checkout,
      async handler({ auth, tx, params }) {
        return checkouts.output(tx.em, await checkouts.get(tx.em, auth.organizationId, params.id));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/checkouts/:id',
      summary: 'Update an open checkout session',
      scopes: WRITE,
      params: IdParams,
      body: CheckoutUpdate,
      status: 200,
      response: Checkout,
      async handler({ auth, tx, params, body }) {
        const checkout = await checkouts.get(tx.em, auth.organizationId, params.id, true);
        await checkouts.assertOpen(tx.em, checkout);
        return checkouts.output(tx.em, await checkouts.update(tx, checkout, body));
      },
    }),
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
    definePublicRoute({
      method: 'post',
      path: '/v1/integrations/stripe/webhook',
      summary: 'Stripe events (verified by their signature) settle charges Stripe reported as processing',
      status: 200,
      response: z.object({ received: z.literal(true) }),
      outsideTransaction: true,
      async handler({ request }) {
        await client.receiveStripeEvent(request.rawBody, request.header('stripe-signature'));
        return { received: true };
      },
    }),
  ];
}
