// Losing a worker after an activity's side effect: the work is done, but its outcome never reaches Temporal, which
// retries the activity — what a process dying at that moment does, without waiting for its timeout.

/** Wraps an activity so that its first call does the work and then fails as if the worker died; records `name` in `crashes`. */
export function crashOnce<A extends unknown[], R>(
  crashes: string[],
  name: string,
  activity: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  let crashed = false;
  return async (...args: A): Promise<R> => {
    const result = await activity(...args);
    if (!crashed) {
      crashed = true;
      crashes.push(name);
      throw new Error(`worker lost after ${name}`);
    }
    return result;
  };
}
