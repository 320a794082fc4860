// The public side of a checkout link: its URL opens a fresh session and sends the customer to it.
import { z } from 'zod';
import { ClientSecretParams } from '../../../contracts/checkout-public';
import { CheckoutLinkRedirectQuery } from '../../../contracts/checkout-link-redirect-query';
import { definePublicRoute, Redirect, type RouteDefinition } from '../../../platform/http/route';
import type { CheckoutLinkService } from './checkout-link.service';

export function checkoutLinkRedirectRoutes({
  links,
  publicUrl,
}: {
  links: CheckoutLinkService;
  publicUrl: string;
}): RouteDefinition[] {
  return [
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
