// What the subscription workflow's steps need: the billing steps (renew, bill final usage, charge, record the payment
// or failure, end) each take these and do one transaction (processor calls between them, never inside one).
import { LockMode } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PaymentProcessor } from '../../adapters/payment/payment-processor';
import type { Tx } from '../../platform/database/transaction';
import type { ProductService } from '../catalog';
import type { CustomerService } from '../customer';
import type { CustomerMeterService, MeterService } from '../meter';
import type { DiscountService } from '../discount';
import type { OrderService } from '../order';
import type { PaymentCharger } from '../payment';
import type { SellerOfRecord } from '../tax';
import type { TestClockQueries } from '../test-clock';
import { Subscription } from './subscription.entity';
import type { SubscriptionService } from './subscription.service';

export interface BillingDeps {
  orm: MikroORM;
  processor: PaymentProcessor | null;
  /** Every charge goes through it, so that each attempt is recorded as a payment. */
  payments: PaymentCharger;
  seller: SellerOfRecord;
  /** Dunning's retry intervals in days. */
  dunningDays: readonly number[];
  /** How long after their period's end renewals are spread (RENEWAL_SPREAD_SECONDS). */
  renewalSpreadMs: number;
  subscriptions: SubscriptionService;
  orders: OrderService;
  discounts: DiscountService;
  products: ProductService;
  testClocks: TestClockQueries;
  customers: Pick<CustomerService, 'outputs'>;
  meters: Pick<MeterService, 'findByIds'>;
  customerMeters: CustomerMeterService;
  /** How long the workflow waits for the processor to settle a charge it reported as processing (unset: the default). */
  settlementTimeoutMs?: number;
}

/** The subscription's row, locked until the transaction ends. */
export function lockSubscription(tx: Tx, id: string): Promise<Subscription> {
  return tx.em.findOneOrFail(Subscription, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
}
