// HTTP surface of checkout links: /v1/checkout-links CRUD (token).
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { CheckoutLink, CheckoutLinkCreate, CheckoutLinkList, CheckoutLinkListQuery, CheckoutLinkUpdate } from '../../contracts/checkout-link';
import { defineRoute } from '../../app/http/route';

const READ = ['checkout_links:read', 'checkout_links:write'] as const;
const WRITE = ['checkout_links:write'] as const;

export const checkoutLinkRoutes = [
  defineRoute({
    method: 'post',
    path: '/v1/checkout-links/',
    summary: 'Create a checkout link',
    scopes: WRITE,
    body: CheckoutLinkCreate,
    status: 201,
    response: CheckoutLink,
    idempotent: true,
    async handler({ env, auth, tx, body }) {
      return env.checkoutLinks.output(tx.em, await env.checkoutLinks.create(tx.em, auth.organizationId, body));
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
    async handler({ env, auth, tx, query }) {
      const page = await env.checkoutLinks.list(tx.em, auth.organizationId, query);
      return { items: await Promise.all(page.items.map((link) => env.checkoutLinks.output(tx.em, link))), pagination: page.pagination };
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
    async handler({ env, auth, tx, params }) {
      return env.checkoutLinks.output(tx.em, await env.checkoutLinks.get(tx.em, auth.organizationId, params.id));
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
    async handler({ env, auth, tx, params, body }) {
      return env.checkoutLinks.output(tx.em, await env.checkoutLinks.update(tx.em, auth.organizationId, params.id, body));
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/v1/checkout-links/:id',
    summary: 'Delete a checkout link (200 with an empty body, as the spec states)',
    scopes: WRITE,
    params: IdParams,
    status: 200,
    response: z.undefined(),
    async handler({ env, auth, tx, params }) {
      await env.checkoutLinks.delete(tx.em, auth.organizationId, params.id);
      return undefined;
    },
  }),
];
