// One event to one endpoint (workflow id `webhook:<eventId>:<endpointId>`): wait for earlier events about the same
// resource (bounded), POST with the activity's retry policy, and count a delivery that failed for good.
import { nonRetryable } from '../src/kernel/error-codes';
import { isCancellation, patched, proxyActivities, sleep, type ActivityOptions } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { DeliveryOutcome, DeliveryPolicy } from '../src/contracts/webhook-delivery-policy';
import { WEBHOOK_BOOKKEEPING_ACTIVITY } from './activity-options';
import type { WebhookDeliveryInput } from './definitions';

const { earlierPendingDeliveries, failWebhookDelivery } = proxyActivities<Activities>(WEBHOOK_BOOKKEEPING_ACTIVITY);

const MAX_ORDERING_PAUSE_MS = 30_000;

/** The first attempt checks the order itself (one activity and one workflow task fewer than a separate check). */
const ORDERING_CHECKED_BY_ATTEMPT = 'webhook-ordering-checked-by-attempt';

export async function webhookDelivery(input: WebhookDeliveryInput): Promise<DeliveryOutcome> {
  const { deliveryId, attemptsMade } = input;
  // Handed over by the endpoint's batch after its attempts: the retry policy goes on where they left it.
  const { policy, delayMs } = attemptsMade
    ? policyAfter(input.policy, attemptsMade)
    : { policy: input.policy, delayMs: 0 };
  const { attemptWebhookDelivery } = proxyActivities<Activities>(attemptOptions(policy));
  if (delayMs) await sleep(delayMs);
  const deadline = Date.now() + policy.orderingMaxWaitMs;
  const pauses = orderingPauses(deadline);
  const offset = attemptsMade ? { attemptOffset: attemptsMade } : {};
  if (patched(ORDERING_CHECKED_BY_ATTEMPT)) {
    return withFailureRecorded(deliveryId, async () => {
      for (;;) {
        const outcome = await attemptWebhookDelivery(deliveryId, { waitForEarlier: Date.now() < deadline, ...offset });
        if (outcome !== 'waiting') return outcome;
        if (Date.now() < deadline) await sleep(pauses.next());
      }
    });
  }

  while (Date.now() < deadline && (await earlierPendingDeliveries(deliveryId)) > 0) await sleep(pauses.next());
  return withFailureRecorded(deliveryId, async () => (await attemptWebhookDelivery(deliveryId)) as DeliveryOutcome);
}

/** The backoff before attempt `made + 1`, and the retry policy of the attempts after it (Temporal's intervals). */
function policyAfter(policy: DeliveryPolicy, made: number): { policy: DeliveryPolicy; delayMs: number } {
  const interval = (n: number) =>
    Math.min(policy.initialIntervalMs * policy.backoffCoefficient ** (n - 1), policy.maximumIntervalMs);
  const maximumAttempts = policy.maximumAttempts > 0 ? policy.maximumAttempts - made : 0;
  return { delayMs: interval(made), policy: { ...policy, initialIntervalMs: interval(made + 1), maximumAttempts } };
}

/** 250 ms, doubling up to 30 s, never past the deadline. */
function orderingPauses(deadline: number) {
  let pause = 250;
  return {
    next(): number {
      const next = Math.min(pause, deadline - Date.now());
      pause = Math.min(pause * 2, MAX_ORDERING_PAUSE_MS);
      return next;
    },
  };
}

function attemptOptions(policy: DeliveryPolicy): ActivityOptions {
  return {
    startToCloseTimeout: policy.timeoutMs + 15_000,
    retry: {
      initialInterval: policy.initialIntervalMs,
      backoffCoefficient: policy.backoffCoefficient,
      maximumInterval: policy.maximumIntervalMs,
      maximumAttempts: policy.maximumAttempts,
      nonRetryableErrorTypes: nonRetryable('WebhookAddressRefused'),
    },
  };
}

/** The attempts' retries ran out (or a private address was refused): the delivery failed for good. */
async function withFailureRecorded(
  deliveryId: string,
  deliver: () => Promise<DeliveryOutcome>,
): Promise<DeliveryOutcome> {
  try {
    return await deliver();
  } catch (error) {
    if (isCancellation(error)) throw error;
    const cause = (error as { cause?: { message?: string } }).cause;
    await failWebhookDelivery(deliveryId, cause?.message ?? (error as Error).message);
    return 'failed';
  }
}
