// The outbox messages of one kind handed to its dispatcher: marked dispatched, or counted as failed for the relay
// (none is dispatched without a dispatcher).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Tx } from '../database/transaction';
import type { Clock } from '../../kernel/clock';
import { markDispatched, reasonOf } from './outbox-bookkeeping';
import type { OutboxMessage } from './outbox.entity';

/**
 * Carries out outbox messages of one kind (those one transaction wrote, or a batch of the relay's); throwing leaves
 * them all for the relay, so a dispatcher must be safe to run again for messages it already carried out.
 */
export type Dispatcher = (messages: OutboxMessage[]) => Promise<void>;

/**
 * Carries out messages of one kind inside the transaction that wrote them (already written, marked dispatched), just
 * before it commits: what it writes commits with them, and a failure fails the transaction.
 */
export type InlineDispatcher = (tx: Tx, messages: OutboxMessage[]) => Promise<void>;

export async function dispatchKind(
  deps: { clock: Clock; log?: (message: string) => void },
  em: EntityManager,
  dispatch: Dispatcher | undefined,
  messages: OutboxMessage[],
): Promise<number> {
  if (!dispatch) return 0;
  const ids = messages.map((message) => message.id);
  try {
    await dispatch(messages);
    await markDispatched(deps.clock, em, ids);
    return messages.length;
  } catch (error) {
    const reason = reasonOf(error);
    deps.log?.(`outbox: dispatch of ${ids.join(', ')} failed, the relay will retry: ${reason}`);
    await em.execute('update outbox_message set attempts = attempts + 1, last_error = ? where id = any(?::uuid[])', [
      reason,
      `{${ids.join(',')}}`,
    ]);
    return 0;
  }
}
