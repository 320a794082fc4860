// Webhook delivery: fans each event out to the subscribed endpoints, makes one signed attempt at a time (the
// workflow's activity retry policy repeats it), logs every attempt, and disables endpoints that keep failing.
import { LockMode } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { DeliveryOutcome, DeliveryPolicy, WebhookPayload } from '../../contracts/webhook';
import type { Tx } from '../../platform/database/transaction';
import { inTransaction } from '../../platform/database/transaction';
import { AddressRefused, postWebhook } from '../../adapters/http/webhook-poster';
import type { Clock } from '../../kernel/clock';
import { ResourceNotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { OUTBOX_KINDS, OutboxMessage, type OutboxService } from '../../platform/outbox';
import { flowStart, type WorkflowStart } from '../../platform/temporal/flow-start';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entity';
import { BEHIND_EARLIER, loadAttemptContext, recordAttempt, skipDelivery } from './delivery-attempt.queries';
import type { WebhookEndpointService } from './webhook-endpoint.service';
import { DeliveryAttemptFailed, DeliveryRefused } from './webhook.errors';
import { resourceKey } from './webhook.logic';
import { webhookBody } from './webhook-body';
import { signedHeaders } from '../../adapters/http/standard-webhooks';
import { FLOWS, type WebhookDeliveryInput } from '../../../workflows/definitions';

export interface DeliveryDeps {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  endpoints: WebhookEndpointService;
  policy: DeliveryPolicy;
  disableAfterFailures: number;
}

const EXCERPT_BYTES = 2048;

/** An attempt's answer: the delivery's outcome, or 'waiting' when it was asked to wait for an earlier event first. */
export type AttemptOutcome = DeliveryOutcome | 'waiting';

export class WebhookDeliveryService {
  constructor(private readonly deps: DeliveryDeps) {}

  /**
   * The outbox dispatcher of events: one delivery per enabled, subscribed endpoint and event, each started by its
   * workflow; the events of a transaction in one statement. Run again for the same events, it adds nothing.
   */
  async fanOut(events: OutboxMessage[]): Promise<void> {
    const payloads = events.map((event) => event.payload as unknown as WebhookPayload);
    await inTransaction(this.deps.orm, async (tx) => {
      const created = await tx.em.execute<
        { id: string; endpoint_id: string; event_id: string; organization_id: string; event_type: string }[]
      >(
        `insert into webhook_delivery (id, organization_id, event_id, endpoint_id, event_type, resource_key, event_seq, status, redelivery, created_at)
         select gen_random_uuid(), e.organization_id, m.id, e.id, r.event_type, r.resource_key, m.seq, 'pending', false, ?
         from unnest(?::uuid[], ?::text[], ?::text[]) as r(event_id, event_type, resource_key)
         join outbox_message m on m.id = r.event_id
         join webhook_endpoint e on e.organization_id = m.organization_id and e.deleted_at is null and e.enabled and r.event_type = any(e.events)
         on conflict (event_id, endpoint_id) where not redelivery do nothing
         returning id, endpoint_id, event_id, organization_id, event_type`,
        [
          this.deps.clock.now(),
          pgArray(events.map((event) => event.id)),
          pgArray(payloads.map((payload) => payload.type)),
          pgArray(payloads.map((payload) => resourceKey(payload.type, payload.data))),
        ],
      );
      for (const row of created) {
        this.deps.outbox.enqueueWorkflowStart(
          tx,
          row.organization_id,
          deliveryStart(row.id, row.event_id, row.endpoint_id, row.event_type, false, this.deps.policy),
        );
      }
    });
  }

  /** Delivers an event again, with the same event id, to every endpoint that received it (or, if none, that wants it now). */
  async redeliver(tx: Tx, organizationId: string, eventId: string): Promise<number> {
    const event = await tx.em.findOne(OutboxMessage, { id: eventId, organizationId, kind: OUTBOX_KINDS.event });
    if (!event) throw new ResourceNotFound('Webhook event not found.');
    const payload = event.payload as unknown as WebhookPayload;
    const previous = await tx.em.find(WebhookDelivery, { eventId }, { orderBy: { createdAt: 'asc' } });
    const endpointIds = previous.length
      ? [...new Set(previous.map((d) => d.endpointId))]
      : (
          await tx.em.find(WebhookEndpoint, {
            organizationId,
            enabled: true,
            deletedAt: null,
            events: { $contains: [payload.type] },
          })
        ).map((e) => e.id);
    const live = await tx.em.find(WebhookEndpoint, { id: { $in: endpointIds }, deletedAt: null });
    const [{ seq }] = await tx.em.execute<{ seq: string }[]>('select seq from outbox_message where id = ?', [eventId]);
    for (const endpoint of live) {
      const delivery = tx.em.create(WebhookDelivery, {
        id: newId(),
        organizationId,
        eventId,
        endpointId: endpoint.id,
        eventType: payload.type,
        resourceKey: resourceKey(payload.type, payload.data),
        eventSeq: seq,
        status: 'pending',
        lastHttpCode: null,
        redelivery: true,
        createdAt: this.deps.clock.now(),
        modifiedAt: null,
      });
      this.deps.outbox.enqueueWorkflowStart(
        tx,
        organizationId,
        deliveryStart(delivery.id, eventId, endpoint.id, payload.type, true, this.deps.policy),
      );
    }
    await tx.em.flush();
    return live.length;
  }

  /** 1 while an earlier event about the same resource is still on its way to the endpoint (`BEHIND_EARLIER`), else 0. */
  async earlierPending(deliveryId: string): Promise<number> {
    const [row] = await this.deps.orm.em
      .fork()
      .execute<{ n: number }[]>(`select (${BEHIND_EARLIER})::int as n from webhook_delivery d where d.id = ?`, [
        deliveryId,
      ]);
    return row?.n ?? 0;
  }

  /**
   * One attempt, logged; throws DeliveryAttemptFailed for anything but a 2xx so the retry policy tries again. With
   * `waitForEarlier`, an attempt sends nothing and answers 'waiting' while an earlier event about the same resource is
   * still on its way to the endpoint (the workflow pauses and asks again) — a retry too, whose first try may have
   * failed before it could check.
   */
  async attempt(
    deliveryId: string,
    attempt: number,
    signal?: AbortSignal,
    options: { waitForEarlier?: boolean } = {},
  ): Promise<AttemptOutcome> {
    const em = this.deps.orm.em.fork();
    const context = await loadAttemptContext(em, deliveryId, options.waitForEarlier === true);
    if (!context) throw new ResourceNotFound(`Webhook delivery ${deliveryId} not found.`);
    if (context.status !== 'pending')
      return context.status === 'succeeded' ? 'succeeded' : context.status === 'failed' ? 'failed' : 'skipped';
    if (context.behindEarlier) return 'waiting';
    if (!context.endpointLive) {
      await skipDelivery(em, deliveryId, this.deps.clock.now());
      return 'skipped';
    }
    const body = webhookBody(context.payload, context.apiVersion);
    const now = this.deps.clock.now();
    const headers = {
      ...signedHeaders(this.deps.endpoints.secretOf(context), context.eventId, now, body),
      'webhook-api-version': context.apiVersion,
    };
    const result = await postWebhook(context.url, body, headers, {
      timeoutMs: this.deps.policy.timeoutMs,
      refuseAddress: this.deps.endpoints.refusesAddress,
      signal,
    }).catch((error) => {
      if (error instanceof AddressRefused)
        return { status: null, body: '', durationMs: 0, error: error.message, refused: true };
      throw error;
    });
    const succeeded = result.status !== null && result.status >= 200 && result.status < 300;
    const logged = {
      id: newId(),
      deliveryId,
      attempt,
      succeeded,
      httpCode: result.status,
      durationMs: result.durationMs,
      response: excerpt(result.body) || null,
      error: result.error ?? (succeeded ? null : `HTTP ${result.status}`),
      createdAt: now,
    };
    await recordAttempt(em, context, logged, this.deps.clock.now());
    if (succeeded) return 'succeeded';
    const reason = result.error ?? `The endpoint answered HTTP ${result.status}`;
    throw 'refused' in result ? new DeliveryRefused(reason) : new DeliveryAttemptFailed(reason);
  }

  /** The retries ran out: the delivery failed for good, and enough of those in a row disable the endpoint. */
  async fail(deliveryId: string, reason: string): Promise<void> {
    await inTransaction(this.deps.orm, async ({ em }) => {
      const delivery = await em.findOneOrFail(WebhookDelivery, { id: deliveryId });
      if (delivery.status !== 'pending') return;
      delivery.status = 'failed';
      delivery.modifiedAt = this.deps.clock.now();
      const endpoint = await em.findOneOrFail(
        WebhookEndpoint,
        { id: delivery.endpointId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      endpoint.consecutiveFailures += 1;
      if (endpoint.enabled && endpoint.consecutiveFailures >= this.deps.disableAfterFailures) {
        endpoint.enabled = false;
        endpoint.disabledReason = `Disabled automatically after ${endpoint.consecutiveFailures} consecutive events failed for good (last: ${delivery.eventType} ${delivery.eventId}: ${reason.slice(0, 200)}). Enable it again to resume delivery.`;
        endpoint.modifiedAt = this.deps.clock.now();
      }
    });
  }
}

function deliveryStart(
  deliveryId: string,
  eventId: string,
  endpointId: string,
  eventType: string,
  redelivery: boolean,
  policy: DeliveryPolicy,
): WorkflowStart {
  const input: WebhookDeliveryInput = { deliveryId, policy };
  return flowStart(FLOWS.webhookDelivery, [eventId, endpointId, redelivery ? deliveryId : undefined], input, {
    searchAttributes: { WebhookEndpointId: endpointId, WebhookEventId: eventId, WebhookEventType: eventType },
    summary: `${eventType} → endpoint ${endpointId}${redelivery ? ' (redelivery)' : ''}`,
  });
}

function excerpt(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length <= EXCERPT_BYTES
    ? text
    : bytes
        .subarray(0, EXCERPT_BYTES)
        .toString('utf8')
        .replace(/\uFFFD$/, '');
}

/** A PostgreSQL array literal of plain strings (ids, event types, resource keys), each quoted. */
function pgArray(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
