// Transactional outbox: workflow starts written with the business rows, dispatched right after commit, and
// re-dispatched by the relay when a crash lost that dispatch. Starting a workflow twice under one ID is harmless.
// Starts go before events, so that an event does not overtake the flow it announces (`subscription.active`).
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Tx } from '../database/transaction';
import type { WorkflowStart } from '../temporal/flow-start';
import { searchAttributePairs } from '../temporal/search-attributes';
import type { Clock } from '../../kernel/clock';
import { newId } from '../../kernel/ids';
import { webhookPayloadSchema } from '../../contracts/webhook-payload';
import type { WebhookEventType } from '../../contracts/webhook';
import { OUTBOX_KINDS, OutboxMessage, type OutboxKind } from './outbox.entity';

/** A start as the outbox row keeps it: the signal by its name. */
type StoredStart = Omit<WorkflowStart, 'signal'> & { signal?: string };

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
 * Carries out outbox messages of one kind (those one transaction wrote, or a batch of the relay's); throwing leaves
 * them all for the relay, so a dispatcher must be safe to run again for messages it already carried out.
 */
export type Dispatcher = (messages: OutboxMessage[]) => Promise<void>;

export class OutboxService {
  private readonly dispatchers = new Map<string, Dispatcher>();
  /** The messages each open transaction wrote, dispatched together once it commits. */
  private readonly written = new WeakMap<Tx, OutboxMessage[]>();

  constructor(private readonly deps: OutboxDeps) {}

  /** Events wait in the outbox until a dispatcher for their kind exists (webhook delivery registers `event`). */
  registerDispatcher(kind: Exclude<OutboxKind, typeof OUTBOX_KINDS.workflowStart>, dispatcher: Dispatcher): void {
    this.dispatchers.set(kind, dispatcher);
  }

  /** Records a workflow start in the caller's transaction and dispatches it once that commits. */
  enqueueWorkflowStart(tx: Tx, organizationId: string | null, start: WorkflowStart): OutboxMessage {
    const message = tx.em.create(OutboxMessage, {
      id: newId(),
      organizationId,
      kind: OUTBOX_KINDS.workflowStart,
      payload: { ...start, signal: start.signal?.name } satisfies StoredStart,
      attempts: 0,
      lastError: null,
      createdAt: this.deps.clock.now(),
      dispatchedAt: null,
    });
    this.dispatchAfterCommit(tx, message);
    return message;
  }

  /**
   * Records a webhook event (`{type, timestamp, data}`) in the caller's transaction, so it exists exactly when the
   * change does; it is fanned out to the subscribed endpoints once that commits. The payload is checked against the
   * event catalogue first: Bursar never sends an event its own contract would reject.
   */
  enqueueEvent(tx: Tx, organizationId: string, type: WebhookEventType, data: unknown): OutboxMessage {
    const now = this.deps.clock.now();
    const payload = webhookPayloadSchema(type).parse({ type, timestamp: now.toISOString(), data });
    const message = tx.em.create(OutboxMessage, {
      id: newId(),
      organizationId,
      kind: OUTBOX_KINDS.event,
      payload,
      attempts: 0,
      lastError: null,
      createdAt: now,
      dispatchedAt: null,
    });
    this.dispatchAfterCommit(tx, message);
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

  /** One dispatch for all the messages of a transaction, after it committed (a transaction usually writes several). */
  private dispatchAfterCommit(tx: Tx, message: OutboxMessage): void {
    const batch = this.written.get(tx);
    if (batch) return void batch.push(message);
    const messages = [message];
    this.written.set(tx, messages);
    tx.afterCommit(() => this.dispatch(this.deps.orm.em.fork(), messages).then(() => undefined));
  }

  /**
   * Starts the flow `workflowId` now if its start still waits here (its dispatch under way, failed or lost): for a
   * caller that found the flow not started and cannot wait for the relay. The same start the relay would make; false
   * when none waits.
   */
  async startPending(workflowId: string): Promise<boolean> {
    const em = this.deps.orm.em.fork();
    const rows = await em.execute<{ id: string }[]>(
      "select id from outbox_message where dispatched_at is null and kind = ? and payload->>'workflowId' = ?",
      [OUTBOX_KINDS.workflowStart, workflowId],
    );
    if (!rows.length) return false;
    const [failed] = await this.dispatchStarts(
      em,
      await em.find(OutboxMessage, { id: { $in: rows.map((row) => row.id) } }),
    );
    if (failed) throw failed.error;
    return true;
  }

  /**
   * Dispatches the workflow starts, then the other kinds; returns how many were dispatched (the others stay for the
   * relay). A failed start does not hold the events back: their order per resource is kept by their fan-out, which
   * they would lose waiting, and a command that finds its flow not started starts it itself (`startPending`).
   */
  private async dispatch(em: EntityManager, messages: OutboxMessage[]): Promise<number> {
    const starts = messages.filter((message) => message.kind === OUTBOX_KINDS.workflowStart);
    const failed = await this.dispatchStarts(em, starts);
    const rest = messages.filter((message) => message.kind !== OUTBOX_KINDS.workflowStart);
    const kinds = [...new Set(rest.map((message) => message.kind))];
    const dispatched = await Promise.all(
      kinds.map((kind) =>
        this.dispatchKind(
          em,
          kind,
          rest.filter((message) => message.kind === kind),
        ),
      ),
    );
    return dispatched.reduce((sum, n) => sum + n, starts.length - failed.length);
  }

  /** Starts each flow on its own (one failing start does not send the others back); returns the failed ones. */
  private async dispatchStarts(
    em: EntityManager,
    starts: OutboxMessage[],
  ): Promise<{ message: OutboxMessage; error: unknown }[]> {
    if (!starts.length) return [];
    const outcomes = await Promise.allSettled(starts.map((message) => this.startWorkflow(message)));
    const failed = starts.flatMap((message, i) => {
      const outcome = outcomes[i];
      return outcome.status === 'rejected' ? [{ message, error: outcome.reason as unknown }] : [];
    });
    const started = starts.filter((_, i) => outcomes[i].status === 'fulfilled').map((message) => message.id);
    if (started.length) await this.markDispatched(em, started);
    if (failed.length) {
      const reasons = failed.map(({ message, error }) => ({ id: message.id, reason: reasonOf(error) }));
      this.deps.log?.(
        `outbox: starts failed, the relay will retry: ${reasons.map((r) => `${r.id}: ${r.reason}`).join('; ')}`,
      );
      await em.execute(
        `update outbox_message m set attempts = m.attempts + 1, last_error = f.reason
         from jsonb_to_recordset(?::jsonb) as f(id uuid, reason text) where m.id = f.id`,
        [JSON.stringify(reasons)],
      );
    }
    return failed;
  }

  private async dispatchKind(em: EntityManager, kind: string, messages: OutboxMessage[]): Promise<number> {
    const dispatch = this.dispatchers.get(kind);
    if (!dispatch) return 0;
    const ids = messages.map((message) => message.id);
    try {
      await dispatch(messages);
      await this.markDispatched(em, ids);
      return messages.length;
    } catch (error) {
      const reason = reasonOf(error);
      this.deps.log?.(`outbox: dispatch of ${ids.join(', ')} failed, the relay will retry: ${reason}`);
      await em.execute('update outbox_message set attempts = attempts + 1, last_error = ? where id = any(?::uuid[])', [
        reason,
        `{${ids.join(',')}}`,
      ]);
      return 0;
    }
  }

  private async markDispatched(em: EntityManager, ids: string[]): Promise<void> {
    await em.execute(
      'update outbox_message set dispatched_at = ?, attempts = attempts + 1, last_error = null where id = any(?::uuid[])',
      [this.deps.clock.now(), `{${ids.join(',')}}`],
    );
  }

  private async startWorkflow(message: OutboxMessage): Promise<void> {
    const start = message.payload as unknown as StoredStart;
    const typedSearchAttributes = searchAttributePairs({
      Environment: this.deps.environment,
      ...(message.organizationId ? { OrganizationId: message.organizationId } : {}),
      ...start.searchAttributes,
    });
    const options = {
      workflowId: start.workflowId,
      taskQueue: this.deps.taskQueue,
      args: start.args,
      typedSearchAttributes,
      staticSummary: start.summary,
      workflowIdReusePolicy: start.reusable ? ('ALLOW_DUPLICATE' as const) : ('REJECT_DUPLICATE' as const),
    };
    try {
      if (start.signal)
        await this.deps.temporal.workflow.signalWithStart(start.workflowType, {
          ...options,
          signal: start.signal,
          signalArgs: [],
        });
      else
        await this.deps.temporal.workflow.start(start.workflowType, {
          ...options,
          requestEagerStart: this.deps.eagerWorkflowStart,
        });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);
