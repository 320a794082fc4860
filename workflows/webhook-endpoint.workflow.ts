// One endpoint's deliveries (workflow id `webhook-endpoint:<endpointId>`): ids come by signal, one per committed
// transaction; each batch of them is one activity of first attempts, what it could not settle going on in its own
// delivery workflow. Continues as new after a bounded number of batches, carrying the queue; ends when idle.
import {
  allHandlersFinished,
  condition,
  continueAsNew,
  proxyActivities,
  setHandler,
  workflowInfo,
  type ActivityOptions,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { DeliveryPolicy } from '../src/contracts/webhook-delivery-policy';
import { WEBHOOK_BOOKKEEPING_ACTIVITY } from './activity-options';
import { deliverWebhooksSignal, type WebhookEndpointInput } from './definitions';

const BATCH_SIZE = 100;
const BATCHES_PER_RUN = 50;
/** Without new deliveries for this long the flow ends; the next signal-with-start begins a new run. */
const IDLE_MS = 60_000;

export async function webhookEndpointDeliveries({
  endpointId,
  policy,
  queue = [],
}: WebhookEndpointInput): Promise<void> {
  const pending = [...queue];
  const seen = new Set(pending);
  setHandler(deliverWebhooksSignal, (ids) => {
    // A start the outbox relay sent again brings the same ids: each is attempted once here.
    for (const id of ids.filter((id) => !seen.has(id))) {
      seen.add(id);
      pending.push(id);
    }
  });
  const { deliverWebhookBatch } = proxyActivities<Activities>(batchOptions(policy));
  for (let batch = 0; batch < BATCHES_PER_RUN && !workflowInfo().continueAsNewSuggested; batch++) {
    if (!(await condition(() => pending.length > 0, IDLE_MS))) return;
    await deliverWebhookBatch(pending.splice(0, BATCH_SIZE), policy);
  }
  await condition(allHandlersFinished);
  await continueAsNew<typeof webhookEndpointDeliveries>({ endpointId, policy, queue: pending });
}

/** A batch runs as long as its POSTs take: alive while it heartbeats after each delivery. */
function batchOptions(policy: DeliveryPolicy): ActivityOptions {
  return {
    ...WEBHOOK_BOOKKEEPING_ACTIVITY,
    startToCloseTimeout: '1 hour',
    heartbeatTimeout: policy.timeoutMs + 15_000,
  };
}
