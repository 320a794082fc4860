// A session's status changed under its row lock and announced: the guarded transition the workflow's steps share, and
// the checkout.updated event every change writes.
import { inTransaction, type Tx } from '../../platform/database/transaction';
import type { Checkout } from './checkout.entity';
import { lockCheckout, type FlowDeps } from './flow-deps';

/**
 * One guarded status change with its checkout.updated event, then `after` in the same transaction; a repeated call
 * finds the status changed and does nothing.
 */
export async function transition(
  deps: Pick<FlowDeps, 'orm' | 'clock' | 'outbox' | 'checkouts'>,
  checkoutId: string,
  from: Checkout['status'] | Checkout['status'][],
  change: (tx: Tx, checkout: Checkout) => Promise<void>,
  after?: (tx: Tx) => Promise<void>,
): Promise<void> {
  await inTransaction(deps.orm, async (tx) => {
    const checkout = await lockCheckout(tx, checkoutId);
    if (![from].flat().includes(checkout.status)) return;
    await change(tx, checkout);
    checkout.modifiedAt = deps.clock.now();
    await saveAndAnnounce(deps, tx, checkout);
    await after?.(tx);
  });
}

/**
 * Writes the session's changes and its checkout.updated event, in the caller's transaction: both go out with its
 * next flush (at the latest its commit), batched with the other rows written meanwhile.
 */
export async function saveAndAnnounce(
  deps: Pick<FlowDeps, 'outbox' | 'checkouts'>,
  tx: Tx,
  checkout: Checkout,
): Promise<void> {
  deps.outbox.enqueueEvent(
    tx,
    checkout.organizationId,
    'checkout.updated',
    await deps.checkouts.output(tx.em, checkout),
  );
}
