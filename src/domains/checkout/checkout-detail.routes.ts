// HTTP surface of one checkout session for the merchant: /v1/checkouts/:id get and update (token).
import { IdParams } from '../../contracts/common';
import { Checkout } from '../../contracts/checkout';
import { CheckoutUpdate } from '../../contracts/checkout-update';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { CheckoutService } from './checkout.service';

const READ = ['checkouts:read', 'checkouts:write'] as const;
const WRITE = ['checkouts:write'] as const;

export function checkoutDetailRoutes({ checkouts }: { checkouts: CheckoutService }): RouteDefinition[] {
  return [
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
  ];
}
