// What the payment domain's steps need: the database, the time, and the processor that charges.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PaymentProcessor } from '../../adapters/payment/payment-processor';
import type { Clock } from '../../kernel/clock';
import type { Tx } from '../../platform/database/transaction';

/** A succeeded payment of an order, as its followers learn of it. */
export interface SucceededPayment {
  id: string;
  organizationId: string;
  orderId: string;
  chargeId: string;
  customerId: string | null;
  amount: number;
  currency: string;
}

/** A declined charge attempt, with the decline's code and message. */
export interface DeclinedPayment {
  id: string;
  organizationId: string;
  orderId: string | null;
  customerId: string | null;
  amount: number;
  currency: string;
  reason: string;
  message: string;
}

/**
 * A domain told, in the transaction that records it, when a payment of an order succeeds (disputes, in the sandbox;
 * the timeline) or an attempt is declined (the timeline).
 */
export interface PaymentFollower {
  succeeded(tx: Tx, payment: SucceededPayment): Promise<void>;
  declined?(tx: Tx, payment: DeclinedPayment): Promise<void>;
}

export interface PaymentDeps {
  orm: MikroORM;
  clock: Clock;
  processor: PaymentProcessor | null;
  followers: readonly PaymentFollower[];
}
