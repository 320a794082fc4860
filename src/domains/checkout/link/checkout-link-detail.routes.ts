// HTTP surface of one checkout link: /v1/checkout-links/:id get, update and delete (token).
import { z } from 'zod';
import { IdParams } from '../../../contracts/common';
import { CheckoutLink } from '../../../contracts/checkout-link';
import { CheckoutLinkUpdate } from '../../../contracts/checkout-link-update';
import { defineRoute, type RouteDefinition } from '../../../platform/http/route';
import type { CheckoutLinkService } from './checkout-link.service';

const READ = ['checkout_links:read', 'checkout_links:write'] as const;
const WRITE = ['checkout_links:write'] as const;

export function checkoutLinkDetailRoutes({ links }: { links: CheckoutLinkService }): RouteDefinition[] {
  return [
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
  ];
}
