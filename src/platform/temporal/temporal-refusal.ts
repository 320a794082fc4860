// Temporal refusing an Update for a while (too many in flight, or the run's limit reached until it continues as new).
import { isGrpcServiceError } from '@temporalio/client';

/**
 * gRPC statuses of Temporal refusing an Update for a while: FAILED_PRECONDITION when the run has taken its limit of
 * Updates (until it continues as new), RESOURCE_EXHAUSTED when too many are in flight or the namespace is rate-limited.
 */
const REFUSED_FOR_NOW = new Set([8 /* RESOURCE_EXHAUSTED */, 9 /* FAILED_PRECONDITION */]);

/** Temporal's message when it refused an Update for a while (the error itself, or its cause), else null. */
export function temporalRefusal(error: unknown): string | null {
  const grpc = isGrpcServiceError(error)
    ? error
    : error instanceof Error && isGrpcServiceError(error.cause)
      ? error.cause
      : null;
  return grpc && REFUSED_FOR_NOW.has(grpc.code) ? `${grpc.message}${grpc.details ? ` (${grpc.details})` : ''}` : null;
}
