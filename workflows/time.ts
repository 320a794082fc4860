// The one place workflows look at the clock for business deadlines: wait until a condition holds or a deadline passes.
// Workflow time is deterministic (it is the time of the workflow task), and the wait is a durable server timer.
import { condition } from '@temporalio/workflow';

/** Resolves true when `done` holds, false when `deadline` passes first. */
export async function waitUntil(deadline: Date, done: () => boolean): Promise<boolean> {
  const remaining = deadline.getTime() - Date.now();
  if (done()) return true;
  if (remaining <= 0) return false;
  return condition(done, remaining);
}
