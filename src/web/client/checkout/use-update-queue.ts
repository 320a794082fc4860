// The checkout's live updates, one at a time and in order: those sent at once (a country chosen) and those waiting
// for the buyer to stop typing (an amount, seats, a tax ID). Both count as pending, so the total on screen is known
// to be about to change; `settle` sends the waiting ones at once, as the confirmation needs them landed first.
import { useRef, useState } from 'preact/hooks';

/** A live update: resolves to whether the server took it (void: nothing needed sending). */
export type UpdateTask = () => Promise<boolean> | void;

export function useUpdateQueue() {
  const [running, setRunning] = useState(0);
  const [waiting, setWaiting] = useState(0);
  const queue = useRef<Promise<boolean>>(Promise.resolve(true));
  const timers = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; task: UpdateTask }>());

  /** Runs `task` after the updates queued before it. */
  function enqueue(task: () => Promise<boolean>): Promise<boolean> {
    setRunning((n) => n + 1);
    const run = queue.current.then(task).finally(() => setRunning((n) => n - 1));
    queue.current = run;
    return run;
  }

  /** Runs `task` once the buyer has stopped typing for `ms`; a newer task under the same key replaces it. */
  function later(key: string, ms: number, task: UpdateTask): void {
    clearTimeout(timers.current.get(key)?.timer);
    const timer = setTimeout(() => {
      timers.current.delete(key);
      setWaiting(timers.current.size);
      void task();
    }, ms);
    timers.current.set(key, { timer, task });
    setWaiting(timers.current.size);
  }

  /** Sends the waiting updates now and waits for every queued one; true when all that ran now landed. */
  async function settle(): Promise<boolean> {
    const due = [...timers.current.values()];
    for (const { timer } of due) clearTimeout(timer);
    timers.current.clear();
    setWaiting(0);
    const results = await Promise.all(due.map(({ task }) => task() ?? true));
    await queue.current;
    return results.every(Boolean);
  }

  return { enqueue, later, settle, pending: running + waiting > 0 };
}
