// What a confirmation step checks of the session first: whether a retry finds its confirmation done, and whether the
// session is still open and unexpired.
import type { Tx } from '../../platform/database/transaction';
import type { Checkout } from './checkout.entity';
import { ExpiredCheckoutError, NotOpenCheckout } from './checkout.errors';
import type { FlowDeps } from './flow-deps';

/** The activity retried after its confirmation had already committed (its first outcome was lost). */
export function alreadyConfirmed(checkout: Checkout, attempt: number): boolean {
  return checkout.status === 'confirmed' && checkout.confirmationAttempt === attempt;
}

/** Open (403 otherwise) and not expired (410). */
export async function assertConfirmable(deps: FlowDeps, tx: Tx, checkout: Checkout): Promise<void> {
  if (checkout.status !== 'open') throw new NotOpenCheckout('This checkout is not open.');
  if (checkout.expiresAt <= (await deps.checkouts.now(tx.em, checkout)))
    throw new ExpiredCheckoutError('This checkout has expired.');
}
