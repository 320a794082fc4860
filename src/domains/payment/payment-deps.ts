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
  amount: number;
  currency: string;
}

/** A domain told, in the transaction that records it, when a payment of an order succeeds (disputes, in the sandbox). */
export interface PaymentFollower {
  succeeded(tx: Tx, payment: SucceededPayment): Promise<void>;
}

export interface PaymentDeps {
  orm: MikroORM;
  clock: Clock;
  processor: PaymentProcessor | null;
  followers: readonly PaymentFollower[];
}
