import { EntitySchema } from '@mikro-orm/core';
import type { TraceCarrier } from '../tracing/trace-context';

/** `event` rows are webhook events; they wait in the outbox until the webhook domain delivers them. */
export const OUTBOX_KINDS = { workflowStart: 'workflow_start', event: 'event' } as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[keyof typeof OUTBOX_KINDS];

/** Something to do right after the business transaction commits; the relay retries what was left behind. */
export class OutboxMessage {
  id!: string;
  organizationId: string | null = null;
  kind!: OutboxKind;
  payload!: Record<string, unknown>;
  attempts = 0;
  lastError: string | null = null;
  createdAt!: Date;
  dispatchedAt: Date | null = null;
  /** The trace it was written in (null with tracing off), continued by its dispatch and its webhook deliveries. */
  traceContext: TraceCarrier | null = null;
  /** Assigned by the database in insertion order. */
  seq?: string;
}

export const OutboxMessageSchema = new EntitySchema<OutboxMessage>({
  class: OutboxMessage,
  tableName: 'outbox_message',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid', nullable: true },
    kind: { type: 'text' },
    payload: { type: 'json' },
    attempts: { type: 'integer', default: 0 },
    lastError: { type: 'text', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    dispatchedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    traceContext: { type: 'json', nullable: true },
    seq: { type: 'bigint', nullable: true, persist: false },
  },
});
