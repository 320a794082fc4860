// Asking the API again and again until an answer is final: one request at a time, a pause between them, a deadline.

export interface PollOptions<T> {
  load: () => Promise<T>;
  /** The answer needs no further asking. */
  done: (value: T) => boolean;
  onValue: (value: T) => void;
  /** A refused request: return true to keep asking (a passing network failure), false to stop. */
  onError: (error: unknown) => boolean;
  /** Called once when `timeoutMs` passes before an answer is done. */
  onTimeout?: () => void;
  everyMs: number;
  timeoutMs?: number;
}

/** Starts asking now; the returned function stops it (a component's cleanup). */
export function poll<T>(options: PollOptions<T>): () => void {
  const deadline = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    if (stopped) return;
    if (Date.now() > deadline) return options.onTimeout?.();
    timer = setTimeout(ask, options.everyMs);
  };
  const ask = () => {
    options.load().then(
      (value) => {
        if (stopped) return;
        options.onValue(value);
        if (!options.done(value)) next();
      },
      (error: unknown) => {
        if (!stopped && options.onError(error)) next();
      },
    );
  };
  ask();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Gave up: the deadline passed before the answer was done. */
export class StillWaiting extends Error {}

/** `poll` as a promise: the first done answer, or StillWaiting at the deadline; a refused request rejects unless `retry` keeps asking. */
export function pollUntilDone<T>(
  options: Pick<PollOptions<T>, 'load' | 'done' | 'everyMs' | 'timeoutMs'> & { retry?: (error: unknown) => boolean },
): Promise<T> {
  return new Promise((resolve, reject) => {
    poll({
      ...options,
      onValue: (value) => options.done(value) && resolve(value),
      onError: (error) => options.retry?.(error) || (reject(error), false),
      onTimeout: () => reject(new StillWaiting('Still waiting for the answer.')),
    });
  });
}
