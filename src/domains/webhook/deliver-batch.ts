// The endpoint workflow's step: first attempts at a batch of deliveries, each made and logged as the delivery
// workflow's attempt makes it; in parallel across resources and in event order within one. What must wait for an
// earlier event or try again goes on in its own delivery workflow (started through the outbox), at the next attempt.
import type { DeliveryPolicy } from '../../contracts/webhook-delivery-policy';
import { inTransaction } from '../../platform/database/transaction';
import { attemptDelivery } from './attempt-delivery';
import { deliveryStart } from './delivery-start';
import { failDelivery } from './fail-delivery';
import { pgArray } from './fan-out-events';
import type { DeliveryDeps } from './webhook-delivery.service';
import { DeliveryAttemptFailed, DeliveryRefused } from './webhook.errors';

/** Resources attempted at once (each a chain of its events in order). */
const PARALLEL_RESOURCES = 16;

interface BatchDelivery {
  id: string;
  organization_id: string;
  event_id: string;
  endpoint_id: string;
  event_type: string;
  resource_key: string;
}

/** What became of a batch: delivered (or settled otherwise) here, and handed to a delivery workflow. */
export interface BatchOutcome {
  settled: number;
  handedOver: number;
}

type Step = 'settled' | 'retry' | 'wait';

export async function deliverBatch(
  deps: DeliveryDeps,
  deliveryIds: string[],
  policy: DeliveryPolicy,
  options: { signal?: AbortSignal; heartbeat?: () => void } = {},
): Promise<BatchOutcome> {
  const rows = await deps.orm.em
    .fork()
    .execute<BatchDelivery[]>(
      `select id, organization_id, event_id, endpoint_id, event_type, resource_key from webhook_delivery where id = any(?::uuid[]) order by event_seq, id`,
      [pgArray(deliveryIds)],
    );
  const chains = new Map<string, BatchDelivery[]>();
  for (const row of rows) chains.set(row.resource_key, [...(chains.get(row.resource_key) ?? []), row]);
  const handOver: { delivery: BatchDelivery; attemptsMade: number }[] = [];
  const queue = [...chains.values()];
  const runChains = async () => {
    for (let chain = queue.shift(); chain; chain = queue.shift()) {
      for (const [i, delivery] of chain.entries()) {
        const step = await firstAttempt(deps, delivery.id, policy, options.signal);
        options.heartbeat?.();
        if (step === 'settled') continue;
        // The rest of the resource's events wait behind this one, as their own attempts would find.
        handOver.push({ delivery, attemptsMade: step === 'retry' ? 1 : 0 });
        handOver.push(...chain.slice(i + 1).map((later) => ({ delivery: later, attemptsMade: 0 })));
        break;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_RESOURCES, queue.length) }, runChains));
  if (handOver.length)
    await inTransaction(deps.orm, async (tx) => {
      for (const { delivery: d, attemptsMade } of handOver) {
        const start = deliveryStart(d.id, d.event_id, d.endpoint_id, d.event_type, false, policy, attemptsMade);
        deps.outbox.enqueueWorkflowStart(tx, d.organization_id, start);
      }
    });
  return { settled: rows.length - handOver.length, handedOver: handOver.length };
}

/** Attempt 1 of a delivery, as `attemptWebhookDelivery` makes it, and what its workflow would do next. */
async function firstAttempt(
  deps: DeliveryDeps,
  deliveryId: string,
  policy: DeliveryPolicy,
  signal?: AbortSignal,
): Promise<Step> {
  try {
    const outcome = await attemptDelivery(deps, deliveryId, 1, signal, { waitForEarlier: true });
    return outcome === 'waiting' ? 'wait' : 'settled';
  } catch (error) {
    if (error instanceof DeliveryRefused || (error instanceof DeliveryAttemptFailed && policy.maximumAttempts === 1)) {
      // Not retried (a private address, or no attempts left): failed for good, as the delivery workflow records it.
      await failDelivery(deps, deliveryId, error.message);
      return 'settled';
    }
    // A failed attempt is retried by its own workflow; anything else (nothing logged) starts it afresh there.
    return error instanceof DeliveryAttemptFailed ? 'retry' : 'wait';
  }
}
