// The rows the outbox writes in the caller's transaction: a workflow start (its signal by name), or a webhook event
// checked against the event catalogue; each with the trace it is written in.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { newId } from '../../kernel/ids';
import { webhookPayloadSchema } from '../../contracts/webhook-payload';
import { type WebhookEventType } from '../../contracts/webhook';
import type { WorkflowStart } from '../temporal/flow-start';
import { captureTraceContext } from '../tracing/trace-context';
import { OUTBOX_KINDS, OutboxMessage } from './outbox.entity';
import type { StoredStart } from './start-workflow';

export function startRow(em: EntityManager, clock: Clock, organizationId: string | null, start: WorkflowStart) {
  return em.create(OutboxMessage, {
    id: newId(),
    organizationId,
    kind: OUTBOX_KINDS.workflowStart,
    payload: { ...start, signal: start.signal?.name } satisfies StoredStart,
    attempts: 0,
    lastError: null,
    createdAt: clock.now(),
    dispatchedAt: null,
    traceContext: captureTraceContext(),
  });
}

/** Bursar never sends an event its own contract would reject: the payload is parsed first. */
export function eventRow(
  em: EntityManager,
  clock: Clock,
  organizationId: string,
  type: WebhookEventType,
  data: unknown,
) {
  const now = clock.now();
  const payload = webhookPayloadSchema(type).parse({ type, timestamp: now.toISOString(), data });
  return em.create(OutboxMessage, {
    id: newId(),
    organizationId,
    kind: OUTBOX_KINDS.event,
    payload,
    attempts: 0,
    lastError: null,
    createdAt: now,
    dispatchedAt: null,
    traceContext: captureTraceContext(),
  });
}
