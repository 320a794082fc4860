// `POST /v1/subscriptions/`: a subscription for an existing customer, free or charged off-session on a saved method.
import { Subscription as SubscriptionContract } from '../../contracts/subscription';
import { SubscriptionCreate } from '../../contracts/subscription-create';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { createCustomerSubscription } from './create-customer-subscription';
import type { CustomerSubscriptionDeps } from './customer-subscription-deps';

export function customerSubscriptionRoutes(deps: CustomerSubscriptionDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/subscriptions/',
      summary: 'Create a subscription for a customer (charges its saved method; subscription.created, order.paid)',
      scopes: ['subscriptions:write'],
      body: SubscriptionCreate,
      status: 201,
      response: SubscriptionContract,
      idempotent: true,
      outsideTransaction: true,
      // charges the processor; writes subscription + paid order + outbox; starts the subscription workflow
      handler: ({ auth, body, idempotencyKey }) =>
        createCustomerSubscription(deps, auth.organizationId, body, idempotencyKey),
    }),
  ];
}
