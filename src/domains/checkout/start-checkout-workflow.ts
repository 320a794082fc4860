// The start of a checkout session's workflow, written to the outbox with the session.
import { FLOWS, clockInput, type CheckoutInput } from '../../../workflows/definitions';
import type { Tx } from '../../platform/database/transaction';
import { flowStart } from '../../platform/temporal/flow-start';
import type { Checkout } from './checkout.entity';
import type { CheckoutDeps } from './checkout-deps';

/** Starts `checkout:<id>` (expiry, confirmation, payment) through the outbox, on the session's test clock if any. */
export function startCheckoutFlow(deps: Pick<CheckoutDeps, 'outbox'>, tx: Tx, checkout: Checkout): void {
  const input: CheckoutInput = {
    checkoutId: checkout.id,
    expiresAt: checkout.expiresAt.toISOString(),
    clock: clockInput(checkout.testClockId, checkout.createdAt),
  };
  deps.outbox.enqueueWorkflowStart(
    tx,
    checkout.organizationId,
    flowStart(FLOWS.checkout, [checkout.id], input, {
      searchAttributes: { CheckoutId: checkout.id },
      summary: `Checkout ${checkout.id}`,
    }),
  );
}
