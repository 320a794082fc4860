// Temporal topology in one place: task queues, namespaces, search attributes, timeouts, schedules (the activities'
// retry policies are in workflows/activity-options.ts).
// Pure constants: imported by workflows, activities, the worker and the API alike.
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

export const TEMPORAL_CLI_VERSION = 'v1.5.1';

export const TASK_QUEUE = 'bursar';

/** One namespace per environment (ARCHITECTURE §2). */
export const NAMESPACES = { production: 'bursar-production', sandbox: 'bursar-sandbox' } as const;

/**
 * The worker's limits (WORKER_* environment variables override them), from the benchmarks (bench/README.md):
 * - maxCachedWorkflows 500: the SDK's default grows with the heap (2,310 workflows on a 4 GiB heap), and with 10,000
 *   subscriptions renewing the worker held 1,655 MiB. Measured with every subscription cached: peak RSS 682 MiB with
 *   200, 887 MiB with 500, 1,224 MiB with 1,000 (about 0.7 MiB per cached workflow); 500 keeps the worker under
 *   1 GiB. A subscription waits a month between two tasks and continues as new after each renewal, so keeping it
 *   cached saves little: an evicted workflow replays its short history when it next has work.
 * - 40 workflow tasks and 100 activities at once (the SDK's defaults, written down): renewing thousands of
 *   subscriptions, the worker's event loop was 90–96 % busy, so more slots would only queue; fewer would leave the
 *   database connections idle while activities wait on the processor.
 */
/**
 * The worker process's V8 old-space limit in MiB (per isolate: the main one and the workflow thread's), set by
 * `bursar start` and the benchmarks, `NODE_OPTIONS=--max-old-space-size=…` elsewhere (docker-compose.yml). Without
 * it V8 lets the heap grow lazily towards Node's default of 4 GiB: 1,000 subscriptions renewing at one instant peaked
 * at 1,224 MiB RSS with 500 workflows cached; with a 384 MiB limit at 655 MiB, and renewals were no slower (11.1/s
 * against 10.3/s: less heap to scan). With 512 MiB, 10,000 renewing: peak 733 MiB (1,265 MiB without), 12.6 renewals/s
 * (11.9/s without). The live heap stays far below it: the workflow cache (above) bounds what the worker holds.
 */
export const WORKER_HEAP_LIMIT_MIB = 512;

export const WORKER_TUNING = {
  maxCachedWorkflows: 500,
  maxConcurrentWorkflowTaskExecutions: 40,
  maxConcurrentActivityTaskExecutions: 100,
} as const;

/** Retention of closed workflow histories in namespaces Bursar registers itself (external clusters). */
export const NAMESPACE_RETENTION_DAYS = 30;

/**
 * Search attributes every Bursar workflow may set; IDs only, never names or e-mails. All are keywords, and SQL
 * visibility stores (the dev server's included) allow at most ten of them per namespace.
 */
export const SEARCH_ATTRIBUTES = {
  OrganizationId: defineSearchAttributeKey('OrganizationId', SearchAttributeType.KEYWORD),
  CustomerId: defineSearchAttributeKey('CustomerId', SearchAttributeType.KEYWORD),
  Environment: defineSearchAttributeKey('Environment', SearchAttributeType.KEYWORD),
  CheckoutId: defineSearchAttributeKey('CheckoutId', SearchAttributeType.KEYWORD),
  OrderId: defineSearchAttributeKey('OrderId', SearchAttributeType.KEYWORD),
  SubscriptionId: defineSearchAttributeKey('SubscriptionId', SearchAttributeType.KEYWORD),
  SubscriptionStatus: defineSearchAttributeKey('SubscriptionStatus', SearchAttributeType.KEYWORD),
  WebhookEndpointId: defineSearchAttributeKey('WebhookEndpointId', SearchAttributeType.KEYWORD),
  WebhookEventId: defineSearchAttributeKey('WebhookEventId', SearchAttributeType.KEYWORD),
  WebhookEventType: defineSearchAttributeKey('WebhookEventType', SearchAttributeType.KEYWORD),
} as const;
export type SearchAttributeName = keyof typeof SEARCH_ATTRIBUTES;

/**
 * Dynamic config of the embedded dev server: Updates and update-with-start, which Bursar needs; and eager activity
 * execution — a workflow task that schedules an activity gets the activity task back in the answer to its completion,
 * instead of the activity going through the task queue to a poller (bench/README.md: one queue trip less per
 * activity). Set the same on a Temporal cluster (`system.enableActivityEagerExecution`; eager workflow start is on by
 * default).
 */
export const DEV_SERVER_DYNAMIC_CONFIG = [
  'frontend.enableUpdateWorkflowExecution=true',
  'frontend.enableUpdateWorkflowExecutionAsyncAccepted=true',
  'frontend.enableExecuteMultiOperation=true',
  'system.enableActivityEagerExecution=true',
] as const;

/**
 * Webhook delivery: one activity per delivery, retried by its Temporal retry policy. Ten attempts, waiting
 * 1 min, 2.5 min, 6.3 min, 16 min, 39 min, 1.6 h, 4.1 h, 10 h and 10 h between them: about 27 hours in all.
 * Each value can be overridden through the WEBHOOK_* environment variables (tests use seconds).
 */
export const WEBHOOK_DELIVERY = {
  initialIntervalMs: 60_000,
  backoffCoefficient: 2.5,
  maximumIntervalMs: 10 * 60 * 60 * 1000,
  maximumAttempts: 10,
  /** A receiver must answer within this time (the spec allows 30 s at most). */
  timeoutMs: 30_000,
  /** A later event about the same resource waits at most this long for an earlier one still being retried. */
  orderingMaxWaitMs: 15 * 60 * 1000,
} as const;

/** How long a checkout or a renewal waits for the processor to settle a charge it reported as processing (PAYMENT_SETTLEMENT_TIMEOUT_MS overrides it). */
export const PAYMENT_SETTLEMENT_TIMEOUT_MS = 3 * 24 * 60 * 60 * 1000;

export const SCHEDULES = {
  purgeIdempotencyKeys: { id: 'purge-idempotency-keys', every: '1 hour' },
  /** Creates the events table's partitions for this month and the next two (a no-op when they exist). */
  eventPartitions: { id: 'event-partitions', every: '1 day' },
  /** Reconciles each organization's books over the day before and reports the laws that break (reconciliation.failed). */
  reconciliation: { id: 'reconciliation', every: '1 day' },
} as const;

/** How long an `X-Idempotency-Key` is remembered (spec: 24 hours). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Refund steps: the processor refund (keyed by the refund's id, so a retry never refunds twice) and the database writes
 * after it. Retried until they succeed: a refund the processor made must be recorded. The processor's refusals are
 * answers, not errors (the refund fails), so nothing here is non-retryable.
 */
/** A refund the processor reports as pending is checked this often (REFUND_STATUS_CHECK_INTERVAL_MS overrides it)… */
export const REFUND_STATUS_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** …for at most this long; one still pending then is recorded as failed, for the merchant to look at the processor. */
export const REFUND_SETTLEMENT_MAX_MS = 14 * 24 * 60 * 60 * 1000;
