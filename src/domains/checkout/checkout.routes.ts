// HTTP surface of checkouts: the merchant's /v1/checkouts create and list (token).
import { Checkout } from '../../contracts/checkout';
import { CheckoutCreate } from '../../contracts/checkout-create';
import { CheckoutList, CheckoutListQuery } from '../../contracts/checkout-list';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { CheckoutService } from './checkout.service';

const READ = ['checkouts:read', 'checkouts:write'] as const;
const WRITE = ['checkouts:write'] as const;

/** The merchant's endpoints of the collection (token). */
export function checkoutRoutes({ checkouts }: { checkouts: CheckoutService }): RouteDefinition[] {
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
  ];
}
