// A session that did not complete: reopened after a decline, expired, or failed for good.
import { truncate } from '../../kernel/text';
import type { Checkout } from './checkout.entity';
import { transition } from './checkout-status-change';
import type { FlowDeps } from './flow-deps';

/** After a decline: back to `open`, the error shown, the discount redemption given back. */
export async function reopenCheckout(deps: FlowDeps, checkoutId: string, reason: string): Promise<void> {
  await transition(deps, checkoutId, 'confirmed', async (tx, checkout) => {
    if (checkout.discountId) await deps.discounts.release(tx.em, checkout.discountId);
    Object.assign(checkout, { status: 'open', paymentError: reason });
  });
}

/**
 * The session's time ran out while it was open: `expired`, with checkout.updated and checkout.expired. The workflow
 * expires only a session it holds open, so one stored `confirmed` was confirmed in a workflow task that was lost:
 * never charged, it expires too, its discount redemption given back.
 */
export async function expireCheckout(deps: FlowDeps, checkoutId: string): Promise<void> {
  await transition(deps, checkoutId, ['open', 'confirmed'], async (tx, checkout) => {
    if (checkout.status === 'confirmed' && checkout.discountId)
      await deps.discounts.release(tx.em, checkout.discountId);
    checkout.status = 'expired';
    deps.outbox.enqueueEvent(
      tx,
      checkout.organizationId,
      'checkout.expired',
      await deps.checkouts.output(tx.em, { ...checkout, status: 'expired' } as Checkout),
    );
  });
}

/** A technical error the retries could not overcome: `failed`, for good. */
export async function failCheckout(deps: FlowDeps, checkoutId: string, reason: string): Promise<void> {
  await transition(deps, checkoutId, 'confirmed', async (_tx, checkout) => {
    Object.assign(checkout, { status: 'failed', paymentError: `The checkout failed: ${truncate(reason, 500)}` });
  });
}
