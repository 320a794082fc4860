// What the payment domain's steps need: the database, the time, and the processor that charges.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PaymentProcessor } from '../../adapters/payment/payment-processor';
import type { Clock } from '../../kernel/clock';

export interface PaymentDeps {
  orm: MikroORM;
  clock: Clock;
  processor: PaymentProcessor | null;
}
