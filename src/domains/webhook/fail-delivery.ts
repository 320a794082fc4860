// The delivery workflow's last step when its retries ran out: failed for good, and the endpoint disabled after enough.
import { LockMode } from '@mikro-orm/core';
import { inTransaction } from '../../platform/database/transaction';
import type { DeliveryDeps } from './webhook-delivery.service';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entity';

/** The retries ran out: the delivery failed for good, and enough of those in a row disable the endpoint. */
export async function failDelivery(deps: DeliveryDeps, deliveryId: string, reason: string): Promise<void> {
  await inTransaction(deps.orm, async ({ em, afterCommit }) => {
    const delivery = await em.findOneOrFail(WebhookDelivery, { id: deliveryId });
    if (delivery.status !== 'pending') return;
    delivery.status = 'failed';
    delivery.modifiedAt = deps.clock.now();
    afterCommit(async () => deps.metrics.webhookDelivery('failed'));
    const endpoint = await em.findOneOrFail(
      WebhookEndpoint,
      { id: delivery.endpointId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    endpoint.consecutiveFailures += 1;
    if (endpoint.enabled && endpoint.consecutiveFailures >= deps.disableAfterFailures) {
      endpoint.enabled = false;
      endpoint.disabledReason = `Disabled automatically after ${endpoint.consecutiveFailures} consecutive events failed for good (last: ${delivery.eventType} ${delivery.eventId}: ${reason.slice(0, 200)}). Enable it again to resume delivery.`;
      endpoint.modifiedAt = deps.clock.now();
    }
  });
}
