// Business errors leave an activity as non-retryable failures named after the error, so the API can answer them as
// the reference does.
import { ApplicationFailure } from '@temporalio/activity';
import { BursarError } from '../src/kernel/errors';

export async function asFailure<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BursarError) throw ApplicationFailure.nonRetryable(error.message, error.code, error.detail);
    throw error;
  }
}
