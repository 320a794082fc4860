// Each workflow's activity options: timeouts and retry policies, non-retryable errors listed by their code.
import type { ActivityOptions, LocalActivityOptions } from '@temporalio/common';
import { nonRetryable } from '../src/kernel/error-codes';

/**
 * Rebuilding a meter's hourly rollups: one transaction over every event of the organization that the meter counts
 * (ingestion waits meanwhile). Idempotent and retried until it succeeds or finds its version stale.
 */
export const METER_ROLLUP_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '1 hour',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
};

/** Database maintenance: short, idempotent, retried a few times then left to the next scheduled run. */
export const MAINTENANCE_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5 },
};

/** The daily reconciliation reads every organization's books: longer than a maintenance step, retried the same way. */
export const RECONCILIATION_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '30 minutes',
  retry: MAINTENANCE_ACTIVITY.retry,
};

/** Book-keeping activities of the delivery workflow: database writes only. */
export const WEBHOOK_BOOKKEEPING_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
};

/** Checkout and order steps: database writes and processor calls, each idempotent by keys from workflow data. */
export const CHECKOUT_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 10,
    nonRetryableErrorTypes: nonRetryable(
      'RequestValidationError',
      'NotOpenCheckout',
      'ExpiredCheckoutError',
      'PaymentError',
      'ResourceNotFound',
      'Conflict',
    ),
  },
};

/**
 * Undoing a checkout's charge (a refund when the checkout cannot complete, a cancellation when it never settled):
 * retried until it succeeds, for a charge must not outlive the purchase it paid for.
 */
export const CHECKOUT_COMPENSATION_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 minutes' },
};

/** The checkout's charge: idempotent by its key, so retried until the processor answers (never given up on). */
export const CHECKOUT_CHARGE_ACTIVITY: ActivityOptions = {
  ...CHECKOUT_ACTIVITY,
  retry: { ...CHECKOUT_ACTIVITY.retry, maximumAttempts: undefined },
};

/**
 * The checkout's database steps (confirm, complete) run as local activities, in the workflow task that needs them:
 * measured one purchase at a time, each regular activity cost a task round trip through the server (schedule, poll,
 * complete, a new workflow task) on top of its transaction. Same retries as CHECKOUT_ACTIVITY.
 */
export const CHECKOUT_LOCAL_ACTIVITY: LocalActivityOptions = {
  startToCloseTimeout: CHECKOUT_ACTIVITY.startToCloseTimeout,
  retry: CHECKOUT_ACTIVITY.retry,
};

/** Subscription steps: database writes and off-session charges, each idempotent by keys from workflow data. */
export const SUBSCRIPTION_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    nonRetryableErrorTypes: nonRetryable(
      'RequestValidationError',
      'PaymentFailed',
      'AlreadyCanceledSubscription',
      'ResourceUnavailable',
      'BadRequest',
      'ResourceNotFound',
      'Conflict',
    ),
  },
};

/** Test clock steps: database writes, retried until they succeed (a clock must never stay `advancing`). */
export const TEST_CLOCK_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds' },
};

/**
 * Moving a test clock's flows: as long as thousands of renewals take, heartbeating every second, so a dead worker is
 * noticed within the heartbeat timeout and another resumes the step where it stopped.
 */
export const TEST_CLOCK_ADVANCE_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '1 hour',
  heartbeatTimeout: '10 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '10 seconds',
    maximumAttempts: 5,
    nonRetryableErrorTypes: nonRetryable('ServiceUnavailable'),
  },
};

export const REFUND_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes' },
};

/**
 * Rendering and storing an order's documents: idempotent (one storage key per content or revision). A document that cannot be
 * rendered ten times in a row fails its flow; the next request starts it again.
 */
export const DOCUMENT_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
};

/**
 * The invoice's rendering as a local activity, in the workflow task that starts the flow: the URL waits on it, and a
 * regular activity added a round trip through the server before it. Same retries as DOCUMENT_ACTIVITY.
 */
export const DOCUMENT_LOCAL_ACTIVITY: LocalActivityOptions = {
  startToCloseTimeout: DOCUMENT_ACTIVITY.startToCloseTimeout,
  retry: DOCUMENT_ACTIVITY.retry,
};

/**
 * Granting or revoking one benefit: one transaction, idempotent (the grant row, its key and its credits are unique
 * per grant), so it is retried until it goes through (every 5 minutes at most; the Web UI shows the failure).
 */
export const GRANT_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes' },
};

/**
 * Sending one e-mail over SMTP: 5 s, 10 s, 20 s … then every 10 minutes, for up to 24 hours (the SMTP server or
 * relay may be down for a while). `EmailUndeliverable` (a message no retry can send: its template is unknown) is not
 * retried. A resend after a lost acknowledgement carries the same Message-ID.
 */
export const EMAIL_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  scheduleToCloseTimeout: '24 hours',
  retry: {
    initialInterval: '5 seconds',
    backoffCoefficient: 2,
    maximumInterval: '10 minutes',
    nonRetryableErrorTypes: nonRetryable('EmailUndeliverable'),
  },
};

/** Recording an e-mail given up on: one database write. */
export const EMAIL_BOOKKEEPING_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
};

/** Dispute steps: a processor call (accept) and one transaction, idempotent by the dispute's state; retried for good. */
export const DISPUTE_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes' },
};

/** Seat steps: one transaction each (an invitation also queues its e-mail), idempotent by the seat's state. */
export const SEAT_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    nonRetryableErrorTypes: nonRetryable('SeatNotAvailable', 'SeatInvitationExpired', 'ResourceNotFound'),
  },
};

/**
 * A simulation's steps: reads in a read-only transaction, writes to the simulation's own tables only; idempotent
 * (results keyed by simulation and subscription), retried a few times, then the simulation is marked failed.
 */
export const SIMULATION_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '5 minutes',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    maximumAttempts: 5,
    nonRetryableErrorTypes: nonRetryable('ResourceNotFound', 'RequestValidationError'),
  },
};
