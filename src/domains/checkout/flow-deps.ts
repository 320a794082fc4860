// What the checkout workflow's steps need (confirm, charge, complete, and the transitions of a session that did not
// complete), each step one transaction, and the session's row lock they share.
import { LockMode } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PaymentProcessor } from '../../adapters/payment/payment-processor';
import type { Clock } from '../../kernel/clock';
import type { Tx } from '../../platform/database/transaction';
import type { OutboxService } from '../../platform/outbox';
import type { CustomerService, PaymentMethodStore } from '../customer';
import type { DiscountService } from '../discount';
import type { OrderService } from '../order';
import type { PaymentCharger } from '../payment';
import type { SubscriptionService } from '../subscription';
import { Checkout } from './checkout.entity';
import type { CheckoutService } from './checkout.service';

export interface FlowDeps {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  checkouts: CheckoutService;
  customers: CustomerService;
  /** Where a confirmation records the method it saved. */
  paymentMethods: PaymentMethodStore;
  orders: OrderService;
  discounts: DiscountService;
  /** A recurring product's checkout starts a subscription (and its workflow). */
  subscriptions: SubscriptionService;
  processor: PaymentProcessor | null;
  /** Every charge goes through it, so that each attempt is recorded as a payment. */
  payments: PaymentCharger;
  /** How long the workflow waits for the processor to settle a charge it reported as processing (unset: the default). */
  settlementTimeoutMs?: number;
}

/** Marks an order paid inside the caller's transaction (the order domain's rule, with what a first payment starts). */
/** Marks the order paid; `at` is the customer's test-clock time when it follows one. */
export type OrderPayment = (tx: Tx, orderId: string, chargeId: string | null, at?: Date) => Promise<void>;

/** Charged (`pending` when the processor settles it later, within `settleWithinMs`), or declined with the reason to show. */
export type ChargeOutcome =
  { chargeId: string | null; pending?: boolean; settleWithinMs?: number } | { declined: string };

/** The session's row, locked until the transaction ends. */
export function lockCheckout(tx: Tx, checkoutId: string): Promise<Checkout> {
  return tx.em.findOneOrFail(Checkout, { id: checkoutId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
}
