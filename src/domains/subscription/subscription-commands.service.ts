// Lifecycle commands, run by the subscription's workflow (its Updates) so they never race a renewal: cancel at
// period end, uncancel, revoke now, clear a scheduled change, and plan, seat or discount changes with proration; and
// their preview.
import { subscriptionWorkflowId } from '../../../workflows/definitions';
import {
  subscriptionPayNowUpdate,
  type OrderPayment,
  type OrderPaymentResult,
} from '../../../workflows/order-payment-definitions';
import type { Subscription as SubscriptionOutput } from '../../contracts/subscription';
import { ORDER_PAYMENT_ERRORS } from '../order';
import { applySubscriptionCommand } from './apply-subscription-command';
import { changeSubscription } from './change-subscription';
import type { CommandDeps } from './command-deps';
import { previewSubscriptionChange, type ChangePreview } from './preview-subscription-change';
import { sendSubscriptionCommand } from './send-subscription-command';
import type { SubscriptionCommand } from './subscription.logic';

export class SubscriptionCommandService {
  constructor(private readonly deps: CommandDeps) {}

  /** Sends a command to the subscription's workflow (an Update) and answers the subscription after it. */
  send(
    organizationId: string,
    id: string,
    command: SubscriptionCommand,
    idempotencyKey?: string,
  ): Promise<SubscriptionOutput> {
    return sendSubscriptionCommand(this.deps, organizationId, id, command, idempotencyKey);
  }

  /**
   * Pays the subscription's past-due order now (an Update of its workflow): paid, dunning stops and the subscription
   * is active again; declined, nothing changes. 422 when the order is not the one dunning collects.
   */
  payNow(subscriptionId: string, orderId: string, payment: OrderPayment): Promise<OrderPaymentResult> {
    return this.deps.flows.update(
      subscriptionWorkflowId(subscriptionId),
      subscriptionPayNowUpdate,
      [{ orderId, payment }],
      {
        errors: ORDER_PAYMENT_ERRORS,
        notStarted: 'This subscription is still being set up; try again in a moment.',
      },
    );
  }

  /** What the command would do now (a read: no writes, no events, no charge), by the code that applies it. */
  preview(organizationId: string, id: string, command: SubscriptionCommand): Promise<ChangePreview> {
    return previewSubscriptionChange(this.deps, organizationId, id, command);
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
