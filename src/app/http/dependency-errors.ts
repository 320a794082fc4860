// Which failures mean "a dependency is down" rather than "a bug": the API answers those 503 (retry later), never 500.
// Text PostgreSQL refuses is the request's fault, never an outage: a client must not be able to fake one.
import { DriverException } from '@mikro-orm/core';
import { isGrpcServiceError, WorkflowUpdateRPCTimeoutOrCancelledError } from '@temporalio/client';

/** `service`: a socket error of some other connection (Redis, object storage, the payment processor). */
export type Dependency = 'database' | 'temporal' | 'service';

/**
 * SQLSTATEs of a PostgreSQL that is gone, going or not there yet: class 08 (connection exceptions), 53300
 * (too_many_connections), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now.
 */
const POSTGRES_UNAVAILABLE = /^(08\w{3}|53300|57P0[123])$/;

/** SQLSTATEs of text PostgreSQL cannot take: 22021 character_not_in_repertoire (NUL, bad UTF-8), 22P05 untranslatable_character. */
const POSTGRES_UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** Socket errors of any dependency's connection (Node's `code`). */
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** What the pg driver and knex's pool say, without a code, when a connection dies or none can be had. */
const DATABASE_MESSAGES = [
  /^Connection terminated/,
  /Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Knex: Timeout acquiring a connection/,
  /Connection ended unexpectedly/,
];

/** gRPC statuses of a Temporal frontend that cannot be reached or does not answer in time. */
const TEMPORAL_UNAVAILABLE = new Set([4 /* DEADLINE_EXCEEDED */, 14 /* UNAVAILABLE */]);

/** The dependency whose outage caused `error` (looking through its causes), or null for any other failure. */
export function unavailableDependency(error: unknown): Dependency | null {
  return unstorableText(error) ? null : (firstCause(error, classify) ?? null);
}

/**
 * Whether `error` is PostgreSQL refusing text the request carried: a SQLSTATE of unstorable text, or a protocol
 * violation (08P01) of a statement holding a NUL — MikroORM inlines values, and the protocol's strings end at a NUL.
 */
export function unstorableText(error: unknown): boolean {
  return (
    firstCause(error, (current) => {
      const code = (current as { code?: unknown }).code;
      if (typeof code !== 'string') return undefined;
      return (
        POSTGRES_UNSTORABLE_TEXT.has(code) || (code === '08P01' && current.message.includes('\u0000')) || undefined
      );
    }) === true
  );
}

/** The first answer `check` gives for `error` or one of its causes. */
function firstCause<T>(error: unknown, check: (error: Error) => T | null | undefined): T | undefined {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length) {
    const current = pending.shift();
    if (!(current instanceof Error) || seen.has(current)) continue;
    seen.add(current);
    const found = check(current);
    if (found != null) return found;
    pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...current.errors);
  }
  return undefined;
}

function classify(error: Error): Dependency | null {
  if (isGrpcServiceError(error)) return TEMPORAL_UNAVAILABLE.has(error.code) ? 'temporal' : null;
  if (
    error instanceof WorkflowUpdateRPCTimeoutOrCancelledError ||
    error.message === 'Failed to connect to Temporal server'
  )
    return 'temporal';
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && POSTGRES_UNAVAILABLE.test(code)) return 'database';
  if (error.name === 'KnexTimeoutError' || error.name === 'ConnectionException') return 'database';
  if (DATABASE_MESSAGES.some((pattern) => pattern.test(error.message))) return 'database';
  if (typeof code === 'string' && SOCKET_ERRORS.has(code))
    return error instanceof DriverException ? 'database' : 'service';
  return null;
}
