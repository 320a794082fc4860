// One event to one endpoint (workflow id `webhook:<eventId>:<endpointId>`): wait for earlier events about the same
// resource (bounded), POST with the activity's retry policy, and count a delivery that failed for good.
import { isCancellation, proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { DeliveryOutcome } from '../src/contracts/webhook';
import { WEBHOOK_BOOKKEEPING_ACTIVITY } from '../temporal.config';
import type { WebhookDeliveryInput } from './definitions';

const { earlierPendingDeliveries, failWebhookDelivery } = proxyActivities<Activities>(WEBHOOK_BOOKKEEPING_ACTIVITY);

const MAX_ORDERING_PAUSE_MS = 30_000;

export async function webhookDelivery({ deliveryId, policy }: WebhookDeliveryInput): Promise<DeliveryOutcome> {
  const deadline = Date.now() + policy.orderingMaxWaitMs;
  for (let pause = 250; Date.now() < deadline && (await earlierPendingDeliveries(deliveryId)) > 0; pause = Math.min(pause * 2, MAX_ORDERING_PAUSE_MS)) {
    await sleep(Math.min(pause, deadline - Date.now()));
  }

  const { attemptWebhookDelivery } = proxyActivities<Activities>({
    startToCloseTimeout: policy.timeoutMs + 15_000,
    retry: {
      initialInterval: policy.initialIntervalMs,
      backoffCoefficient: policy.backoffCoefficient,
      maximumInterval: policy.maximumIntervalMs,
      maximumAttempts: policy.maximumAttempts,
      nonRetryableErrorTypes: ['WebhookAddressRefused'],
    },
  });
  try {
    return await attemptWebhookDelivery(deliveryId);
  } catch (error) {
    if (isCancellation(error)) throw error;
    const cause = (error as { cause?: { message?: string } }).cause;
    await failWebhookDelivery(deliveryId, cause?.message ?? (error as Error).message);
    return 'failed';
  }
}
