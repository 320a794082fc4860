// A flow's start taken out of the outbox at once, for a caller that found the flow not started and cannot wait for
// the relay.
import type { MikroORM } from '@mikro-orm/postgresql';
import { dispatchStarts } from './dispatch-starts';
import { OUTBOX_KINDS, OutboxMessage } from './outbox.entity';

/**
 * Starts the flow `workflowId` now if its start still waits here (its dispatch under way, failed or lost): for a
 * caller that found the flow not started and cannot wait for the relay. The same start the relay would make; false
 * when none waits.
 */
export async function startPending(
  deps: Parameters<typeof dispatchStarts>[0] & { orm: MikroORM },
  workflowId: string,
): Promise<boolean> {
  const em = deps.orm.em.fork();
  const rows = await em.execute<{ id: string }[]>(
    "select id from outbox_message where dispatched_at is null and kind = ? and payload->>'workflowId' = ?",
    [OUTBOX_KINDS.workflowStart, workflowId],
  );
  if (!rows.length) return false;
  const [failed] = await dispatchStarts(
    deps,
    em,
    await em.find(OutboxMessage, { id: { $in: rows.map((row) => row.id) } }),
  );
  if (failed) throw failed.error;
  return true;
}
