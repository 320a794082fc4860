// What the checkout workflow's steps need (confirm, charge, complete, and the transitions of a session that did not
// complete), each step one transaction, and the guarded status change they share.
import { LockMode } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PaymentProcessor } from '../../adapters/payment/payment-processor';
import type { Clock } from '../../kernel/clock';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import type { OutboxService } from '../../platform/outbox';
import type { CustomerService } from '../customer';
import type { DiscountService } from '../discount';
import type { OrderService } from '../order';
import type { SubscriptionService } from '../subscription';
import { Checkout } from './checkout.entity';
import type { CheckoutService } from './checkout.service';

export interface FlowDeps {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  checkouts: CheckoutService;
  customers: CustomerService;
  orders: OrderService;
  discounts: DiscountService;
  /** A recurring product's checkout starts a subscription (and its workflow). */
  subscriptions: SubscriptionService;
  processor: PaymentProcessor | null;
  /** How long the workflow waits for the processor to settle a charge it reported as processing (unset: the default). */
  settlementTimeoutMs?: number;
}

/** Marks an order paid inside the caller's transaction (the order domain's rule, with what a first payment starts). */
export type OrderPayment = (tx: Tx, orderId: string, chargeId: string | null) => Promise<void>;

/** Charged (`pending` when the processor settles it later, within `settleWithinMs`), or declined with the reason to show. */
export type ChargeOutcome =
  { chargeId: string | null; pending?: boolean; settleWithinMs?: number } | { declined: string };

/** The session's row, locked until the transaction ends. */
export function lockCheckout(tx: Tx, checkoutId: string): Promise<Checkout> {
  return tx.em.findOneOrFail(Checkout, { id: checkoutId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
}

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

/** Writes the session's changes and its checkout.updated event, in the caller's transaction. */
export async function saveAndAnnounce(
  deps: Pick<FlowDeps, 'outbox' | 'checkouts'>,
  tx: Tx,
  checkout: Checkout,
): Promise<void> {
  await tx.em.flush();
  deps.outbox.enqueueEvent(
    tx,
    checkout.organizationId,
    'checkout.updated',
    await deps.checkouts.output(tx.em, checkout),
  );
}
