// Business errors raised by activities, reported as the failure of the Update that ran them.
import { ApplicationFailure } from '@temporalio/workflow';
import { failureType, type FailureCode } from '../src/kernel/error-codes';

/** The activity's business error (its type names the HTTP answer), or a generic one of type `fallbackType`. */
export function businessFailure(
  error: unknown,
  fallbackMessage: string,
  fallbackType: FailureCode,
): ApplicationFailure {
  let cause = error as { cause?: unknown } | undefined;
  while (cause && !(cause instanceof ApplicationFailure)) cause = cause.cause as typeof cause;
  if (cause instanceof ApplicationFailure)
    return ApplicationFailure.create({
      message: cause.message,
      type: cause.type ?? undefined,
      details: cause.details as unknown[],
      nonRetryable: true,
    });
  return ApplicationFailure.create({ message: fallbackMessage, type: fallbackType, nonRetryable: true });
}

/** A failure no retry mends, of a known code. */
export function nonRetryableFailure(code: FailureCode, message: string, ...details: unknown[]): ApplicationFailure {
  return ApplicationFailure.nonRetryable(message, failureType(code), ...details);
}
