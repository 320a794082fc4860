// An outbox message's bookkeeping: marked dispatched, or its failed attempt counted with the reason, for the relay.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';

export async function markDispatched(clock: Clock, em: EntityManager, ids: string[]): Promise<void> {
  await em.execute(
    'update outbox_message set dispatched_at = ?, attempts = attempts + 1, last_error = null where id = any(?::uuid[])',
    [clock.now(), `{${ids.join(',')}}`],
  );
}

/** A failure's reason as the row keeps it (at most 2,000 characters). */
export const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);
