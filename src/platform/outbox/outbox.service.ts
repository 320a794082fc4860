// Transactional outbox: workflow starts written with the business rows, dispatched right after commit, and
// re-dispatched by the relay when a crash lost that dispatch. Starting a workflow twice under one ID is harmless.
// Starts go before events, so that an event does not overtake the flow it announces (`subscription.active`).
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { Tx } from '../database/transaction';
import type { WorkflowStart } from '../temporal/flow-start';
import type { Clock } from '../../kernel/clock';
import type { WebhookEventType } from '../../contracts/webhook';
import { OUTBOX_KINDS, OutboxMessage, type OutboxKind } from './outbox.entity';
import { dispatchKind, type Dispatcher, type InlineDispatcher } from './dispatch-kind';
import { dispatchStarts } from './dispatch-starts';
import { eventRow, startRow } from './outbox-rows';
import { startPending } from './start-pending';

export interface OutboxDeps {
  orm: MikroORM;
  temporal: Client;
  taskQueue: string;
  environment: string;
  clock: Clock;
  /**
   * Ask the server to hand a started workflow's first task straight back to this process (eager workflow start): only
   * in the worker process, whose client shares the worker's NativeConnection. Saves a trip through the task queue.
   */
  eagerWorkflowStart?: boolean;
  log?: (message: string) => void;
}

/**
 * Sees every webhook event as the transaction writing it does (a read model fed by the events): what it creates in
 * `tx.em` commits with the event or not at all.
 */
export type EventListener = (
  tx: Tx,
  organizationId: string,
  type: WebhookEventType,
  payload: EventPayload,
  eventId: string,
) => void;
type EventPayload = { type: WebhookEventType; timestamp: string; data: Record<string, unknown> };

export class OutboxService {
  private readonly listeners: EventListener[] = [];
  private readonly dispatchers = new Map<string, Dispatcher>();
  private readonly inline = new Map<string, InlineDispatcher>();
  /** The messages each open transaction wrote, dispatched together once it commits. */
  private readonly written = new WeakMap<Tx, OutboxMessage[]>();
  /** The open transactions whose inline dispatch has not run yet, and the messages written for it, marked dispatched. */
  private readonly inlinePending = new WeakSet<Tx>();
  private readonly premarked = new WeakSet<OutboxMessage>();

  constructor(private readonly deps: OutboxDeps) {}

  /** Events wait in the outbox until a dispatcher for their kind exists (webhook delivery registers `event`). */
  registerDispatcher(
    kind: Exclude<OutboxKind, typeof OUTBOX_KINDS.workflowStart>,
    dispatcher: Dispatcher,
    inline?: InlineDispatcher,
  ): void {
    this.dispatchers.set(kind, dispatcher);
    if (inline) this.inline.set(kind, inline);
  }

  listen(listener: EventListener): void {
    this.listeners.push(listener);
  }

  /** Records a workflow start in the caller's transaction and dispatches it once that commits. */
  enqueueWorkflowStart(tx: Tx, organizationId: string | null, start: WorkflowStart): OutboxMessage {
    const message = startRow(tx.em, this.deps.clock, organizationId, start);
    this.dispatchAfterCommit(tx, message);
    return message;
  }

  /**
   * Records a webhook event (`{type, timestamp, data}`) in the caller's transaction, so it exists exactly when the
   * change does; it is fanned out to the subscribed endpoints once that commits. The payload is checked against the
   * event catalogue first: Bursar never sends an event its own contract would reject.
   */
  enqueueEvent(tx: Tx, organizationId: string, type: WebhookEventType, data: unknown): OutboxMessage {
    const message = eventRow(tx.em, this.deps.clock, organizationId, type, data);
    for (const listener of this.listeners)
      listener(tx, organizationId, type, message.payload as EventPayload, message.id);
    this.dispatchAfterCommit(tx, message);
    // To be carried out inline before the commit: written dispatched already, so not updated to say so afterwards.
    if (this.inlinePending.has(tx) && this.inline.has(message.kind)) {
      Object.assign(message, { dispatchedAt: this.deps.clock.now(), attempts: message.attempts + 1 });
      this.premarked.add(message);
    }
    return message;
  }

  /**
   * Dispatches messages left undispatched for longer than `graceMs`; safe to run in many workers at once. The rows
   * are locked FOR NO KEY UPDATE SKIP LOCKED, a lock that still lets dispatchers insert rows referencing them.
   */
  async relayOnce(graceMs: number, batchSize = 100): Promise<number> {
    return this.deps.orm.em.fork().transactional(async (em) => {
      const cutoff = new Date(this.deps.clock.now().getTime() - graceMs);
      const rows = await em.execute<{ id: string }[]>(
        `select id from outbox_message where dispatched_at is null and kind = any(?::text[]) and created_at <= ?
         order by created_at limit ? for no key update skip locked`,
        [`{${[OUTBOX_KINDS.workflowStart, ...this.dispatchers.keys()].join(',')}}`, cutoff, batchSize],
      );
      const pending = rows.length
        ? await em.find(OutboxMessage, { id: { $in: rows.map((r) => r.id) } }, { orderBy: { createdAt: 'asc' } })
        : [];
      return this.dispatch(em, pending);
    });
  }

  /**
   * One dispatch for all the messages of a transaction, after it committed (a transaction usually writes several).
   * Kinds with an inline dispatcher are carried out in the transaction itself, just before it commits, when it allows.
   */
  private dispatchAfterCommit(tx: Tx, message: OutboxMessage): void {
    const batch = this.written.get(tx);
    if (batch) return void batch.push(message);
    const messages = [message];
    this.written.set(tx, messages);
    // What the inline dispatch writes (webhook deliveries' starts) goes after the transaction's own starts.
    let early = Infinity;
    if (tx.beforeCommit && this.inline.size) {
      this.inlinePending.add(tx);
      tx.beforeCommit(async () => {
        this.inlinePending.delete(tx);
        early = messages.length;
        await this.dispatchInline(tx, messages);
      });
    }
    tx.afterCommit(async () => {
      const waves = [messages.slice(0, early), messages.slice(early)].map((w) => w.filter((m) => !m.dispatchedAt));
      for (const wave of waves) if (wave.length) await this.dispatch(this.deps.orm.em.fork(), wave);
    });
  }

  /** The messages of kinds dispatched inline, written already dispatched, then carried out in the same transaction. */
  private async dispatchInline(tx: Tx, messages: OutboxMessage[]): Promise<void> {
    const now = this.deps.clock.now();
    const byKind = [...this.inline].map(([kind, dispatch]) => {
      const own = messages.filter((m) => m.kind === kind && (!m.dispatchedAt || this.premarked.delete(m)));
      for (const m of own) if (!m.dispatchedAt) Object.assign(m, { dispatchedAt: now, attempts: m.attempts + 1 });
      return { dispatch, own };
    });
    await tx.em.flush();
    for (const { dispatch, own } of byKind) if (own.length) await dispatch(tx, own);
  }

  /**
   * Starts the flow `workflowId` now if its start still waits here (its dispatch under way, failed or lost): for a
   * caller that found the flow not started and cannot wait for the relay. The same start the relay would make; false
   * when none waits.
   */
  startPending(workflowId: string): Promise<boolean> {
    return startPending(this.deps, workflowId);
  }

  /**
   * Dispatches the workflow starts, then the other kinds; returns how many were dispatched (the others stay for the
   * relay). A failed start does not hold the events back: their order per resource is kept by their fan-out, which
   * they would lose waiting, and a command that finds its flow not started starts it itself (`startPending`).
   */
  private async dispatch(em: EntityManager, messages: OutboxMessage[]): Promise<number> {
    const starts = messages.filter((message) => message.kind === OUTBOX_KINDS.workflowStart);
    const failed = await dispatchStarts(this.deps, em, starts);
    const rest = messages.filter((message) => message.kind !== OUTBOX_KINDS.workflowStart);
    const kinds = [...new Set(rest.map((message) => message.kind))];
    const dispatched = await Promise.all(
      kinds.map((kind) =>
        dispatchKind(
          this.deps,
          em,
          this.dispatchers.get(kind),
          rest.filter((message) => message.kind === kind),
        ),
      ),
    );
    return dispatched.reduce((sum, n) => sum + n, starts.length - failed.length);
  }
}
