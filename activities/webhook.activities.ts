// Webhook delivery activities: thin calls into the webhook domain, failures translated for Temporal's retry policy.
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { DeliveryPolicy } from '../src/contracts/webhook-delivery-policy';
import { failureType } from '../src/kernel/error-codes';
import {
  attemptDelivery,
  deliverBatch,
  DeliveryAttemptFailed,
  DeliveryRefused,
  earlierPendingDeliveries,
  failDelivery,
  type AttemptOutcome,
  type BatchOutcome,
  type DeliveryDeps,
} from '../src/domains/webhook';

export const createWebhookActivities = (deps: DeliveryDeps) => ({
  /** Counts pending deliveries of earlier events about the same resource to the same endpoint (workflows started before the check moved into the attempt). */
  async earlierPendingDeliveries(deliveryId: string): Promise<number> {
    return earlierPendingDeliveries(deps, deliveryId);
  },

  /**
   * POSTs the signed event once and logs the attempt; a non-2xx is a retryable failure, a private address is not.
   * With `waitForEarlier`, answers 'waiting' instead while an earlier event about the same resource is pending.
   */
  async attemptWebhookDelivery(
    deliveryId: string,
    options: { waitForEarlier?: boolean; attemptOffset?: number } = {},
  ): Promise<AttemptOutcome> {
    const { info, cancellationSignal } = Context.current();
    const attempt = info.attempt + (options.attemptOffset ?? 0);
    try {
      return await attemptDelivery(deps, deliveryId, attempt, cancellationSignal, options);
    } catch (error: unknown) {
      if (error instanceof DeliveryRefused)
        throw ApplicationFailure.nonRetryable(error.message, failureType('WebhookAddressRefused'));
      if (error instanceof DeliveryAttemptFailed)
        throw ApplicationFailure.retryable(error.message, failureType('WebhookDeliveryFailed'));
      throw error;
    }
  },

  /**
   * First attempts at an endpoint's deliveries, each logged as `attemptWebhookDelivery` logs it; those that must wait
   * or try again are handed to their own delivery workflow.
   */
  async deliverWebhookBatch(deliveryIds: string[], policy: DeliveryPolicy): Promise<BatchOutcome> {
    const context = Context.current();
    return deliverBatch(deps, deliveryIds, policy, {
      signal: context.cancellationSignal,
      heartbeat: () => context.heartbeat(),
    });
  },

  /** Marks the delivery failed for good; disables the endpoint once enough deliveries in a row have. */
  async failWebhookDelivery(deliveryId: string, reason: string): Promise<void> {
    await failDelivery(deps, deliveryId, reason);
  },
});
