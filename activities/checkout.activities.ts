// Checkout and order activities: thin calls into the checkout and order domains; business errors become
// non-retryable failures with the error's name, so the API can answer them as the reference does.
import { ApplicationFailure } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { CheckoutConfirm } from '../src/contracts/checkout';
import { inTransaction } from '../src/app/transaction';
import { BursarError } from '../src/kernel/errors';
import type { CheckoutFlowService } from '../src/domains/checkout';
import type { OrderService } from '../src/domains/order';

async function asFailure<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BursarError) throw ApplicationFailure.nonRetryable(error.message, error.name, error.detail);
    throw error;
  }
}

export const createCheckoutActivities = (orm: MikroORM, flow: CheckoutFlowService, orders: OrderService) => ({
  /** Applies the customer's changes, checks them, creates or matches the customer, saves the payment method. */
  confirmCheckout: (checkoutId: string, body: CheckoutConfirm, attempt: number) => asFailure(() => flow.confirm(checkoutId, body, attempt)),
  /** Charges the total with a key from the workflow; a decline is returned, not thrown. */
  chargeCheckout: (checkoutId: string, attempt: number) => flow.charge(checkoutId, attempt),
  reopenCheckout: (checkoutId: string, reason: string) => flow.reopen(checkoutId, reason),
  /** Writes the pending order (order.created), starts its workflow, marks the checkout succeeded. */
  completeCheckout: (checkoutId: string, chargeId: string | null) => flow.complete(checkoutId, chargeId),
  expireCheckout: (checkoutId: string) => flow.expire(checkoutId),
  failCheckout: (checkoutId: string, reason: string) => flow.fail(checkoutId, reason),
  /** Pending → paid, with order.updated and order.paid. */
  async markOrderPaid(orderId: string, chargeId: string | null): Promise<void> {
    await inTransaction(orm, (tx) => orders.markPaid(tx, orderId, chargeId));
  },
});
