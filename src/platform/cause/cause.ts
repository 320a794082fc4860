// Why the code running now runs: the API request, the processor's event or the workflow's step that led to it. The
// HTTP layer, the Stripe webhook and the worker's activities set it; read models (the billing timeline) read it when
// they record what a transaction did.
import { AsyncLocalStorage } from 'node:async_hooks';

export type CauseType = 'command' | 'timer' | 'processor_event' | 'workflow' | 'schedule';

export interface Cause {
  type: CauseType;
  /** What: `POST /v1/subscriptions/:id`, `renewal due`, `charge.succeeded`, the activity's name. */
  name: string;
  requestId?: string;
  /** The processor's event id, for a processor event. */
  eventId?: string;
  /** The workflow step it ran in (an activity), for operators. */
  workflow?: { id: string; runId: string; type: string; activity: string };
}

const current = new AsyncLocalStorage<Cause>();

/** Runs `work` with `cause` as the current cause (what it writes is attributed to it). */
export function withCause<T>(cause: Cause, work: () => T): T {
  return current.run(cause, work);
}

/** Runs `work` with the current cause made more precise (a workflow step that is a renewal timer, a command). */
export function because<T>(refined: Pick<Cause, 'type' | 'name'>, work: () => T): T {
  const cause = current.getStore();
  return current.run({ ...cause, ...refined }, work);
}

export function currentCause(): Cause | null {
  return current.getStore() ?? null;
}
