// The outbox's workflow starts dispatched, each on its own: one failing start does not send the others back; the
// failed ones are counted for the relay and returned.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { markDispatched, reasonOf } from './outbox-bookkeeping';
import type { OutboxMessage } from './outbox.entity';
import { startWorkflow, type StartDeps } from './start-workflow';

/** Starts each flow on its own (one failing start does not send the others back); returns the failed ones. */
export async function dispatchStarts(
  deps: StartDeps & { clock: Clock; log?: (message: string) => void },
  em: EntityManager,
  starts: OutboxMessage[],
): Promise<{ message: OutboxMessage; error: unknown }[]> {
  if (!starts.length) return [];
  const outcomes = await Promise.allSettled(starts.map((message) => startWorkflow(deps, message)));
  const failed = starts.flatMap((message, i) => {
    const outcome = outcomes[i];
    return outcome.status === 'rejected' ? [{ message, error: outcome.reason as unknown }] : [];
  });
  const started = starts.filter((_, i) => outcomes[i].status === 'fulfilled').map((message) => message.id);
  if (started.length) await markDispatched(deps.clock, em, started);
  if (failed.length) {
    const reasons = failed.map(({ message, error }) => ({ id: message.id, reason: reasonOf(error) }));
    deps.log?.(`outbox: starts failed, the relay will retry: ${reasons.map((r) => `${r.id}: ${r.reason}`).join('; ')}`);
    await em.execute(
      `update outbox_message m set attempts = m.attempts + 1, last_error = f.reason
       from jsonb_to_recordset(?::jsonb) as f(id uuid, reason text) where m.id = f.id`,
      [JSON.stringify(reasons)],
    );
  }
  return failed;
}
