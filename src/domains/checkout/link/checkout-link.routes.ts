// HTTP surface of checkout links: /v1/checkout-links CRUD (token).
import { z } from 'zod';
import { IdParams } from '../../../contracts/common';
import { ClientSecretParams } from '../../../contracts/checkout-public';
import { CheckoutLink, CheckoutLinkList } from '../../../contracts/checkout-link';
import { CheckoutLinkCreate } from '../../../contracts/checkout-link-create';
import { CheckoutLinkListQuery } from '../../../contracts/checkout-link-list-query';
import { CheckoutLinkRedirectQuery } from '../../../contracts/checkout-link-redirect-query';
import { CheckoutLinkUpdate } from '../../../contracts/checkout-link-update';
import { definePublicRoute, defineRoute, Redirect, type RouteDefinition } from '../../../platform/http/route';
import type { CheckoutLinkService } from './checkout-link.service';

const READ = ['checkout_links:read', 'checkout_links:write'] as const;
const WRITE = ['checkout_links:write'] as const;

export function checkoutLinkRoutes({
  links,
  publicUrl,
}: {
  links: CheckoutLinkService;
  publicUrl: string;
}): RouteDefinition[] {
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
    defineRoute({
      method: 'get',
      path: '/v1/checkout-links/:id',
      summary: 'Get a checkout link',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: CheckoutLink,
      async handler({ auth, tx, params }) {
        return links.output(tx.em, await links.get(tx.em, auth.organizationId, params.id));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/checkout-links/:id',
      summary: 'Update a checkout link',
      scopes: WRITE,
      params: IdParams,
      body: CheckoutLinkUpdate,
      status: 200,
      response: CheckoutLink,
      async handler({ auth, tx, params, body }) {
        return links.output(tx.em, await links.update(tx.em, auth.organizationId, params.id, body));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/checkout-links/:id',
      summary: 'Delete a checkout link (204: an empty body, which every client expects)',
      scopes: WRITE,
      params: IdParams,
      status: 204,
      response: z.undefined(),
      async handler({ auth, tx, params }) {
        await links.delete(tx.em, auth.organizationId, params.id);
        return undefined;
      },
    }),
    definePublicRoute({
      method: 'get',
      path: '/v1/checkout-links/:client_secret/redirect',
      summary: 'Open a fresh session from a link, prefilled from the query, and send the customer to it (307)',
      params: ClientSecretParams,
      query: CheckoutLinkRedirectQuery,
      status: 307,
      response: z.undefined(),
      async handler({ tx, params, query }) {
        const checkout = await links.open(tx, params.client_secret, query);
        return new Redirect(`${publicUrl}/checkout/${checkout.clientSecret}`);
      },
    }),
  ];
}
