// The one place workflows look at the clock for business deadlines (ARCHITECTURE §7). In production a wait is a
// durable server timer. In the sandbox a flow may follow a test clock instead: its time is the clock's frozen time,
// which moves only when the clock is advanced (an Update), and the Update answers once the flow has done everything
// due by the new time and waits for a later deadline (or is ending).
import { allHandlersFinished, condition, setHandler } from '@temporalio/workflow';
import { hasSettled, movedTime } from '../src/domains/test-clock/test-clock.logic';
import { advanceTestClockUpdate, type ClockInput } from './definitions';

export interface WorkflowClock {
  /** The flow's current time: the workflow task's time, or the test clock's frozen time. */
  now(): Date;
  /** Resolves true when `done` holds, false when `deadline` passes first (null: no deadline, only `done`). */
  waitUntil(deadline: Date | null, done: () => boolean): Promise<boolean>;
  /**
   * Before returning or continuing as new: lets Updates in flight finish. Clock advances answer `ended` (send again
   * to the next run), or `settled` when the next run's first deadline (`nextDeadline`) is past the clock's time.
   */
  end(nextDeadline?: string | null): Promise<void>;
  /** What a continued run needs to keep following the same clock. */
  carry(): ClockInput;
  /** The test clock's time as stored (it may have moved before this run started); never moves back. */
  catchUp(time: string | null): void;
}

export function workflowClock(input: ClockInput | null | undefined): WorkflowClock {
  let frozen = input?.testClockId ? Date.parse(input.frozenTime!) : null;
  /** The deadline the flow is blocked on (Infinity: none), null while it works. */
  let waitingUntil: number | null = null;
  let ending = false;
  /** When continuing as new: the next run's first deadline (ms), which it waits for with nothing due before. */
  let continuedUntil: number | null = null;

  if (frozen !== null) {
    setHandler(advanceTestClockUpdate, async (to) => {
      frozen = movedTime(frozen!, to);
      await condition(() => hasSettled({ ending, waitingUntil, frozen: frozen! }));
      return ending && !(continuedUntil !== null && continuedUntil > frozen!) ? 'ended' : 'settled';
    });
  }

  return {
    now: () => new Date(frozen ?? Date.now()),
    async waitUntil(deadline, done) {
      if (done()) return true;
      const at = deadline?.getTime() ?? Infinity;
      if (frozen === null) {
        if (deadline === null) return condition(done).then(() => true);
        const remaining = at - Date.now();
        return remaining > 0 && condition(done, remaining);
      }
      waitingUntil = at;
      try {
        await condition(() => done() || frozen! >= at);
      } finally {
        waitingUntil = null;
      }
      return done();
    },
    async end(nextDeadline) {
      continuedUntil = nextDeadline ? Date.parse(nextDeadline) : null;
      ending = true;
      await condition(allHandlersFinished);
    },
    catchUp(time) {
      if (frozen !== null) frozen = movedTime(frozen, time);
    },
    carry: () => ({
      testClockId: input?.testClockId ?? null,
      frozenTime: frozen === null ? null : new Date(frozen).toISOString(),
    }),
  };
}
