// HTTP surface of subscriptions: list, get, update (cancel, uncancel, revoke, plan/seat/discount changes), revoke.
// Every command is an Update of the subscription's workflow, which runs it between renewals.
import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { IdParams } from '../../contracts/common';
import { Subscription as SubscriptionContract, SubscriptionList, SubscriptionListQuery, SubscriptionUpdate } from '../../contracts/subscription';
import { defineRoute } from '../../app/http/route';
import type { EnvironmentContext } from '../../app/container';
import { invalidField, reportedError, ServiceUnavailable } from '../../kernel/errors';
import { SUBSCRIPTION_MESSAGES } from '../../../temporal.config';
import { commandRefusal, type SubscriptionCommand } from './subscription.logic';

const READ = ['subscriptions:read', 'subscriptions:write'] as const;
const WRITE = ['subscriptions:write'] as const;

export const subscriptionRoutes = [
  defineRoute({
    method: 'get',
    path: '/v1/subscriptions/',
    summary: 'List subscriptions',
    scopes: READ,
    query: SubscriptionListQuery,
    status: 200,
    response: SubscriptionList,
    async handler({ env, auth, tx, query }) {
      const page = await env.subscriptions.list(tx.em, auth.organizationId, query);
      return { items: await env.subscriptions.outputs(tx.em, page.items), pagination: page.pagination };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/v1/subscriptions/:id',
    summary: 'Get a subscription',
    scopes: READ,
    params: IdParams,
    status: 200,
    response: SubscriptionContract,
    async handler({ env, auth, tx, params }) {
      const [output] = await env.subscriptions.outputs(tx.em, [await env.subscriptions.get(tx.em, auth.organizationId, params.id)]);
      return output;
    },
  }),
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
    async handler({ env, auth, params, body, idempotencyKey }) {
      return runCommand(env, auth.organizationId, params.id, commandOf(body), idempotencyKey);
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
    async handler({ env, auth, params, idempotencyKey }) {
      return runCommand(env, auth.organizationId, params.id, { kind: 'revoke', reason: null, comment: null }, idempotencyKey);
    },
  }),
];

/** The reference's update variants, told apart by their keys; one kind of change per request. */
function commandOf(body: SubscriptionUpdate): SubscriptionCommand {
  const reason = body.customer_cancellation_reason ?? null;
  const comment = body.customer_cancellation_comment ?? null;
  const kinds = [
    body.revoke !== undefined && 'revoke',
    body.cancel_at_period_end !== undefined && 'cancel_at_period_end',
    'pending_update' in body && 'pending_update',
    (body.product_id != null || body.seats !== undefined || 'discount_id' in body) && 'product_id, seats or discount_id',
  ].filter(Boolean);
  if (kinds.length !== 1) throw invalidField(['body'], kinds.length ? `One kind of change per request (got ${kinds.join(' and ')}).` : 'Nothing to update.');
  if (body.revoke) return { kind: 'revoke', reason, comment };
  if (body.cancel_at_period_end !== undefined) return body.cancel_at_period_end ? { kind: 'cancel', reason, comment } : { kind: 'uncancel' };
  if ('pending_update' in body) return { kind: 'clear_pending_update' };
  return {
    kind: 'change',
    ...(body.product_id != null && { productId: body.product_id }),
    ...(body.seats !== undefined && { seats: body.seats }),
    ...('discount_id' in body && { discountId: body.discount_id ?? null }),
    proration: body.proration_behavior ?? 'prorate',
  };
}

/**
 * Sends the command to the subscription's workflow and answers the subscription after it. With `X-Idempotency-Key`
 * the key is the Update's id, which the workflow records with the change: a retried request changes (and charges)
 * nothing more.
 */
async function runCommand(env: EnvironmentContext, organizationId: string, id: string, command: SubscriptionCommand, idempotencyKey?: string) {
  const em = env.orm.em.fork();
  const subscription = await env.subscriptions.get(em, organizationId, id);
  const updateId = idempotencyKey && `request:${idempotencyKey}`;
  if (updateId && subscription.lastCommandKey === updateId) return (await env.subscriptions.outputs(em, [subscription]))[0];
  const refusal = commandRefusal(subscription, command); // the workflow of an ended subscription is gone: answer here
  if (refusal) throw reportedError(refusal.type, refusal.message, null)!;
  try {
    await env.temporal.workflow.getHandle(`subscription:${id}`).executeUpdate(SUBSCRIPTION_MESSAGES.command, { args: [command], ...(updateId && { updateId }) });
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) throw new ServiceUnavailable('This subscription is still being set up; try again in a moment.');
    const cause = error instanceof WorkflowUpdateFailedError ? (error.cause as { type?: string; message: string; details?: unknown[] } | undefined) : undefined;
    throw (cause && reportedError(cause.type, cause.message, cause.details?.[0])) || error;
  }
  const fresh = env.orm.em.fork();
  const [output] = await env.subscriptions.outputs(fresh, [await env.subscriptions.get(fresh, organizationId, id)]);
  return output;
}
