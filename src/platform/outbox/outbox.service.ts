// Transactional outbox: workflow starts written with the business rows, dispatched right after commit, and
// re-dispatched by the relay when a crash lost that dispatch. Starting a workflow twice under one ID is harmless.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Tx } from '../database/transaction';
import { searchAttributePairs, type SearchAttributeValues } from '../temporal/search-attributes';
import type { Clock } from '../../kernel/clock';
import { newId } from '../../kernel/ids';
import { webhookPayloadSchema, type WebhookEventType } from '../../contracts/webhook';
import { OUTBOX_KINDS, OutboxMessage, type OutboxKind } from './outbox.entity';

export interface WorkflowStart {
  workflowType: string;
  workflowId: string;
  args: unknown[];
  searchAttributes?: SearchAttributeValues;
  summary?: string;
  /** The id may run again once its last run closed (documents rendered anew); otherwise an id runs once, ever. */
  reusable?: boolean;
  /** Sent with the start (signal-with-start), so a run already under way hears of the request too. */
  signal?: string;
}

export interface OutboxDeps {
  orm: MikroORM;
  temporal: Client;
  taskQueue: string;
  environment: string;
  clock: Clock;
  log?: (message: string) => void;
}

/** Carries out one outbox message; throwing leaves it for the relay. */
export type Dispatcher = (message: OutboxMessage) => Promise<void>;

export class OutboxService {
  private readonly dispatchers = new Map<string, Dispatcher>();

  constructor(private readonly deps: OutboxDeps) {
    this.dispatchers.set(OUTBOX_KINDS.workflowStart, (message) => this.startWorkflow(message));
  }

  /** Events wait in the outbox until a dispatcher for their kind exists (webhook delivery registers `event`). */
  registerDispatcher(kind: OutboxKind, dispatcher: Dispatcher): void {
    this.dispatchers.set(kind, dispatcher);
  }

  /** Records a workflow start in the caller's transaction and dispatches it once that commits. */
  enqueueWorkflowStart(tx: Tx, organizationId: string | null, start: WorkflowStart): OutboxMessage {
    const message = tx.em.create(OutboxMessage, {
      id: newId(),
      organizationId,
      kind: OUTBOX_KINDS.workflowStart,
      payload: { ...start },
      attempts: 0,
      lastError: null,
      createdAt: this.deps.clock.now(),
      dispatchedAt: null,
    });
    tx.afterCommit(() => this.dispatchOne(this.deps.orm.em.fork(), message).then(() => undefined));
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
    tx.afterCommit(() => this.dispatchOne(this.deps.orm.em.fork(), message).then(() => undefined));
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
        [`{${[...this.dispatchers.keys()].join(',')}}`, cutoff, batchSize],
      );
      const pending = rows.length ? await em.find(OutboxMessage, { id: { $in: rows.map((r) => r.id) } }, { orderBy: { createdAt: 'asc' } }) : [];
      let dispatched = 0;
      for (const message of pending) if (await this.dispatchOne(em, message)) dispatched++;
      return dispatched;
    });
  }

  private async dispatchOne(em: EntityManager, message: OutboxMessage): Promise<boolean> {
    const dispatch = this.dispatchers.get(message.kind);
    if (!dispatch) return false;
    try {
      await dispatch(message);
      await em.nativeUpdate(OutboxMessage, { id: message.id }, { dispatchedAt: this.deps.clock.now(), attempts: message.attempts + 1, lastError: null });
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.deps.log?.(`outbox: dispatch of ${message.id} failed, the relay will retry: ${reason}`);
      await em.nativeUpdate(OutboxMessage, { id: message.id }, { attempts: message.attempts + 1, lastError: reason.slice(0, 2000) });
      return false;
    }
  }

  private async startWorkflow(message: OutboxMessage): Promise<void> {
    const start = message.payload as unknown as WorkflowStart;
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
      if (start.signal) await this.deps.temporal.workflow.signalWithStart(start.workflowType, { ...options, signal: start.signal, signalArgs: [] });
      else await this.deps.temporal.workflow.start(start.workflowType, options);
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }
}
