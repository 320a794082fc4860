// Whether a session may still be seen (not expired: 410) or changed (also open: 403), by its own time.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Checkout } from './checkout.entity';
import { ExpiredCheckoutError, NotOpenCheckout } from './checkout.errors';
import { checkoutNow, type CheckoutDeps } from './checkout-deps';

/** A session the customer may still see: 410 once its time ran out. */
export async function assertNotExpired(
  deps: Pick<CheckoutDeps, 'testClocks'>,
  em: EntityManager,
  checkout: Checkout,
): Promise<void> {
  if (checkout.status === 'expired' || checkout.expiresAt <= (await checkoutNow(deps, em, checkout)))
    throw new ExpiredCheckoutError('This checkout has expired.');
}

/** A session that may still change: not expired (410), and open (403). */
export async function assertOpen(
  deps: Pick<CheckoutDeps, 'testClocks'>,
  em: EntityManager,
  checkout: Checkout,
): Promise<void> {
  await assertNotExpired(deps, em, checkout);
  if (checkout.status !== 'open') throw new NotOpenCheckout(`This checkout is ${checkout.status}.`);
}
