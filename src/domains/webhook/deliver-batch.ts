// The endpoint workflow's step: first attempts at a batch of deliveries, each made and logged as the delivery
// workflow's attempt makes it; in parallel across resources and in event order within one; read in one query and
// logged in one statement. What must wait for an earlier event or try again goes on in its own delivery workflow
// (started through the outbox), at the next attempt.
import type { DeliveryPolicy } from '../../contracts/webhook-delivery-policy';
import { inTransaction } from '../../platform/database/transaction';
import { withTraceContext } from '../../platform/tracing/trace-context';
import { postAttempt, type SentAttempt } from './attempt-delivery';
import { deliveryStart } from './delivery-start';
import { deliveryTrace } from './delivery-trace';
import { failDelivery } from './fail-delivery';
import { pgArray } from './fan-out-events';
import { loadAttemptContexts } from './load-attempt-context';
import { recordAttempts, skipDeliveries } from './record-attempt';
import type { DeliveryDeps } from './webhook-delivery.service';

/** Resources attempted at once (each a chain of its events in order). */
const PARALLEL_RESOURCES = 16;

type Delivery = Awaited<ReturnType<typeof loadAttemptContexts>>[number];

/** What became of a batch: settled here (delivered, skipped or failed for good), and handed to a delivery workflow. */
export interface BatchOutcome {
  settled: number;
  handedOver: number;
}

export async function deliverBatch(
  deps: DeliveryDeps,
  deliveryIds: string[],
  policy: DeliveryPolicy,
  options: { signal?: AbortSignal; heartbeat?: () => void } = {},
): Promise<BatchOutcome> {
  const em = deps.orm.em.fork();
  const deliveries = await loadAttemptContexts(em, pgArray(deliveryIds));
  const chains = new Map<string, Delivery[]>();
  for (const d of deliveries) chains.set(d.resourceKey, [...(chains.get(d.resourceKey) ?? []), d]);
  const sent: { context: Delivery; attempt: SentAttempt['logged']; finishedAt: Date }[] = [];
  const skipped: string[] = [];
  const failed: { id: string; reason: string }[] = [];
  const handOver: { delivery: Delivery; attemptsMade: number }[] = [];

  const runChain = async (chain: Delivery[]) => {
    for (const [i, d] of chain.entries()) {
      if (d.status !== 'pending') continue;
      if (d.endpointLive && !d.behindEarlier) {
        const trace = deliveryTrace(d);
        const attempt = await postAttempt(deps, d, d.deliveryId, 1, options.signal, trace).catch(() => null);
        options.heartbeat?.();
        if (attempt) sent.push({ context: d, attempt: attempt.logged, finishedAt: deps.clock.now() });
        if (attempt?.logged.succeeded) continue;
        // Not retried (a private address, or no attempts left): failed for good, as the delivery workflow records it.
        if (attempt && (attempt.refused || policy.maximumAttempts === 1)) {
          failed.push({ id: d.deliveryId, reason: attempt.reason });
          continue;
        }
        // A failed attempt is retried in its own workflow; an error before one was made (nothing logged) starts afresh.
        handOver.push({ delivery: d, attemptsMade: attempt ? 1 : 0 });
      } else if (!d.behindEarlier) {
        skipped.push(d.deliveryId); // the endpoint was deleted or disabled
        continue;
      } else handOver.push({ delivery: d, attemptsMade: 0 });
      // The resource's later events wait behind this one, as their own attempts would find.
      handOver.push(...chain.slice(i + 1).map((later) => ({ delivery: later, attemptsMade: 0 })));
      return;
    }
  };
  const queue = [...chains.values()];
  const worker = async () => {
    for (let chain = queue.shift(); chain; chain = queue.shift()) await runChain(chain);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_RESOURCES, queue.length) }, worker));

  await recordAttempts(em, sent);
  deps.metrics.webhookAttempts(sent.map((s) => s.attempt));
  if (skipped.length) await skipDeliveries(em, pgArray(skipped), deps.clock.now());
  for (const { id, reason } of failed) await failDelivery(deps, id, reason);
  if (handOver.length)
    await inTransaction(deps.orm, async (tx) => {
      for (const { delivery: d, attemptsMade } of handOver) {
        const start = deliveryStart(d.deliveryId, d.eventId, d.endpointId, d.eventType, false, policy, attemptsMade);
        // Its own flow goes on in the event's trace, as the batch's attempt did.
        withTraceContext(d.traceContext, () => deps.outbox.enqueueWorkflowStart(tx, d.organizationId, start));
      }
    });
  return { settled: deliveries.length - handOver.length, handedOver: handOver.length };
}
