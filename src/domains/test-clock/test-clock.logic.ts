// Pure rules of test clocks: which advances and deletes are legal, and how a flow following a clock keeps time.
// The clock's own workflow and `workflows/time.ts` both decide with these.
import type { ValidationIssue } from '../../kernel/errors';

/** What the clock's workflow knows of its clock. */
export interface TestClockState {
  frozenTime: string;
  deleted: boolean;
}

/**
 * Why an advance to `to` is refused (the error's name and message; a 422 carries its issues), or null. After an
 * advance whose flows did not all settle (`unsettled`), the same time may be sent again to finish it.
 */
export function advanceRefusal(
  state: TestClockState,
  to: string,
  advancing: boolean,
  unsettled = false,
): { type: string; message: string; issues?: ValidationIssue[] } | null {
  if (state.deleted) return { type: 'ResourceNotFound', message: 'Test clock not found.' };
  if (advancing) return { type: 'Conflict', message: 'This test clock is already advancing; wait for that to finish.' };
  const [target, frozen] = [Date.parse(to), Date.parse(state.frozenTime)];
  if (target < frozen || (target === frozen && !unsettled)) {
    const message = 'A test clock only moves forward.';
    return {
      type: 'RequestValidationError',
      message,
      issues: [{ loc: ['body', 'frozen_time'], msg: message, type: 'value_error' }],
    };
  }
  return null;
}

/** How far one advance may move a clock (five years): every renewal it passes runs before the advance answers. */
export const MAX_ADVANCE_DAYS = 5 * 365 + 2;

/** Why an advance from `frozen` to `to` moves too far at once, or null (the clock's workflow judges the rest). */
export function advanceTooFar(frozen: Date, to: Date): string | null {
  const days = (to.getTime() - frozen.getTime()) / 86_400_000;
  return days > MAX_ADVANCE_DAYS
    ? `A test clock moves at most ${MAX_ADVANCE_DAYS} days per advance; advance in steps.`
    : null;
}

/** A flow's frozen time after an advance to `to`: clocks never move back (an older advance arriving late changes nothing). */
export function movedTime(frozen: number, to: string | null): number {
  return to ? Math.max(frozen, Date.parse(to)) : frozen;
}

/**
 * Whether a flow has done everything due by its frozen time: it is ending, or it waits for a deadline still ahead.
 * `waitingUntil` is the deadline it is blocked on (Infinity: none), null while it works.
 */
export function hasSettled(flow: { ending: boolean; waitingUntil: number | null; frozen: number }): boolean {
  return flow.ending || (flow.waitingUntil !== null && flow.waitingUntil > flow.frozen);
}
