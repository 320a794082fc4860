// A request's lifecycle command sent to the subscription's workflow as an Update, its failure answered with the
// reference's error, and the subscription answered after it.
import { subscriptionCommandUpdate, subscriptionWorkflowId } from '../../../workflows/definitions';
import type { Subscription as SubscriptionOutput } from '../../contracts/subscription';
import type { CommandDeps } from './command-deps';
import { refusalError, SUBSCRIPTION_ERRORS } from './subscription.errors';
import { commandRefusal } from './subscription-command.logic';
import type { SubscriptionCommand } from './subscription.logic';

/**
 * Sends a command to the subscription's workflow (an Update, run between renewals) and answers the subscription
 * after it. With `X-Idempotency-Key` the key is the Update's id, which the workflow records with the change: a
 * retried request changes (and charges) nothing more.
 */
export async function sendSubscriptionCommand(
  deps: CommandDeps,
  organizationId: string,
  id: string,
  command: SubscriptionCommand,
  idempotencyKey?: string,
): Promise<SubscriptionOutput> {
  const em = deps.orm.em.fork();
  const subscription = await deps.subscriptions.get(em, organizationId, id);
  const updateId = idempotencyKey && `request:${idempotencyKey}`;
  if (updateId && subscription.lastCommandKey === updateId)
    return (await deps.subscriptions.outputs(em, [subscription]))[0];
  const refusal = commandRefusal(subscription, command); // the workflow of an ended subscription is gone: answer here
  if (refusal) throw refusalError(refusal);
  await deps.flows.update(subscriptionWorkflowId(id), subscriptionCommandUpdate, [command], {
    ...(updateId && { updateId }),
    errors: SUBSCRIPTION_ERRORS,
    notStarted: 'This subscription is still being set up; try again in a moment.',
  });
  const fresh = deps.orm.em.fork();
  return (await deps.subscriptions.outputs(fresh, [await deps.subscriptions.get(fresh, organizationId, id)]))[0];
}
