// Lifecycle commands, run by the subscription's workflow (its Updates) so they never race a renewal: cancel at
// period end, uncancel, revoke now, clear a scheduled change, and plan, seat or discount changes with proration.
import { subscriptionCommandUpdate, subscriptionWorkflowId } from '../../../workflows/definitions';
import type { Subscription as SubscriptionOutput } from '../../contracts/subscription';
import { applySubscriptionCommand } from './apply-subscription-command';
import { changeSubscription } from './change-subscription';
import type { CommandDeps } from './command-deps';
import { refusalError, SUBSCRIPTION_ERRORS } from './subscription.errors';
import { commandRefusal } from './subscription-command.logic';
import type { SubscriptionCommand } from './subscription.logic';

export class SubscriptionCommandService {
  constructor(private readonly deps: CommandDeps) {}

  /**
   * Sends a command to the subscription's workflow (an Update, run between renewals) and answers the subscription
   * after it. With `X-Idempotency-Key` the key is the Update's id, which the workflow records with the change: a
   * retried request changes (and charges) nothing more.
   */
  async send(
    organizationId: string,
    id: string,
    command: SubscriptionCommand,
    idempotencyKey?: string,
  ): Promise<SubscriptionOutput> {
    const em = this.deps.orm.em.fork();
    const subscription = await this.deps.subscriptions.get(em, organizationId, id);
    const updateId = idempotencyKey && `request:${idempotencyKey}`;
    if (updateId && subscription.lastCommandKey === updateId)
      return (await this.deps.subscriptions.outputs(em, [subscription]))[0];
    const refusal = commandRefusal(subscription, command); // the workflow of an ended subscription is gone: answer here
    if (refusal) throw refusalError(refusal);
    await this.deps.flows.update(subscriptionWorkflowId(id), subscriptionCommandUpdate, [command], {
      ...(updateId && { updateId }),
      errors: SUBSCRIPTION_ERRORS,
      notStarted: 'This subscription is still being set up; try again in a moment.',
    });
    const fresh = this.deps.orm.em.fork();
    return (
      await this.deps.subscriptions.outputs(fresh, [await this.deps.subscriptions.get(fresh, organizationId, id)])
    )[0];
  }

  /**
   * Applies one command at `at`. `key` (from the workflow: the Update's id) is recorded with the change, so a step
   * retried after its change committed finds it done, and keys the charge of an invoiced change.
   */
  async apply(subscriptionId: string, command: SubscriptionCommand, at: string, key: string): Promise<void> {
    const now = new Date(at);
    if (command.kind === 'change') return changeSubscription(this.deps, subscriptionId, command, now, key);
    await applySubscriptionCommand(this.deps, subscriptionId, command, now, key);
  }
}
