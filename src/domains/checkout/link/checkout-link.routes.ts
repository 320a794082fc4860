// HTTP surface of checkout links: /v1/checkout-links create and list (token).
import { CheckoutLink, CheckoutLinkList } from '../../../contracts/checkout-link';
import { CheckoutLinkCreate } from '../../../contracts/checkout-link-create';
import { CheckoutLinkListQuery } from '../../../contracts/checkout-link-list-query';
import { defineRoute, type RouteDefinition } from '../../../platform/http/route';
import type { CheckoutLinkService } from './checkout-link.service';

const READ = ['checkout_links:read', 'checkout_links:write'] as const;
const WRITE = ['checkout_links:write'] as const;

export function checkoutLinkRoutes({ links }: { links: CheckoutLinkService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/checkout-links/',
      summary: 'Create a checkout link',
      scopes: WRITE,
      body: CheckoutLinkCreate,
      status: 201,
      response: CheckoutLink,
      idempotent: true,
      async handler({ auth, tx, body }) {
        return links.output(tx.em, await links.create(tx.em, auth.organizationId, body));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/checkout-links/',
      summary: 'List checkout links',
      scopes: READ,
      query: CheckoutLinkListQuery,
      status: 200,
      response: CheckoutLinkList,
      async handler({ auth, tx, query }) {
        const page = await links.list(tx.em, auth.organizationId, query);
        return {
          items: await Promise.all(page.items.map((link) => links.output(tx.em, link))),
          pagination: page.pagination,
        };
      },
    }),
  ];
}
