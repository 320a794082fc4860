// HTTP surface of subscription commands: update (cancel, uncancel, revoke, plan/seat/discount changes), its preview
// (our addition) and revoke.
// Every command is an Update of the subscription's workflow, which runs it between renewals.
import { IdParams } from '../../contracts/common';
import { Subscription as SubscriptionContract } from '../../contracts/subscription';
import { SubscriptionChangePreview } from '../../contracts/subscription-change-preview';
import { SubscriptionUpdate } from '../../contracts/subscription-update';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { OrganizationService } from '../organization';
import type { SubscriptionCommandService } from './subscription-commands.service';
import { commandOf } from './subscription-update-command.logic';

const WRITE = ['subscriptions:write'] as const;

export function subscriptionCommandRoutes({
  commands,
  organizations,
}: {
  commands: SubscriptionCommandService;
  organizations: OrganizationService;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'patch',
      path: '/v1/subscriptions/:id',
      summary: 'Cancel, uncancel, revoke or change a subscription (an Update of its workflow)',
      scopes: WRITE,
      params: IdParams,
      body: SubscriptionUpdate,
      status: 200,
      response: SubscriptionContract,
      outsideTransaction: true,
      async handler({ auth, tx, params, body, idempotencyKey }) {
        const { prorationBehavior } = await organizations.findOrganization(tx.em, auth.organizationId);
        return commands.send(auth.organizationId, params.id, commandOf(body, prorationBehavior), idempotencyKey);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/subscriptions/:id/preview',
      summary: 'Preview a change: what the same body sent to PATCH would bill and change, with nothing written',
      scopes: WRITE,
      params: IdParams,
      body: SubscriptionUpdate,
      status: 200,
      response: SubscriptionChangePreview,
      outsideTransaction: true,
      async handler({ auth, tx, params, body }) {
        const { prorationBehavior } = await organizations.findOrganization(tx.em, auth.organizationId);
        const { preview, subscription } = await commands.preview(
          auth.organizationId,
          params.id,
          commandOf(body, prorationBehavior),
        );
        return { ...preview, subscription };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/subscriptions/:id',
      summary: 'Revoke a subscription now',
      scopes: WRITE,
      params: IdParams,
      status: 200,
      response: SubscriptionContract,
      outsideTransaction: true,
      async handler({ auth, params, idempotencyKey }) {
        return commands.send(
          auth.organizationId,
          params.id,
          { kind: 'revoke', reason: null, comment: null },
          idempotencyKey,
        );
      },
    }),
  ];
}
