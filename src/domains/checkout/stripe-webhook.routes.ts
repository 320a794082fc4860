// Stripe's webhook: the events that settle charges Stripe reported as processing, verified by their signature.
import { z } from 'zod';
import { definePublicRoute, type RouteDefinition } from '../../platform/http/route';
import type { CheckoutClientService } from './checkout-client.service';

export function stripeWebhookRoutes({ client }: { client: CheckoutClientService }): RouteDefinition[] {
  return [
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
