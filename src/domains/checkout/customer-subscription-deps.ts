// What `POST /v1/subscriptions/` is given: the reads of the customer, product and saved method, the processor, and
// the writers of the subscription and its first order (the same ones a checkout's completion uses).
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PaymentProcessor } from '../../adapters/payment/payment-processor';
import type { CustomerService, PaymentMethodStore } from '../customer';
import type { OrderService } from '../order';
import type { BillingDeps, SubscriptionService } from '../subscription';
import type { SellerOfRecord } from '../tax';
import type { TestClockQueries } from '../test-clock';
import type { CheckoutService } from './checkout.service';

export interface CustomerSubscriptionDeps {
  orm: MikroORM;
  checkouts: CheckoutService;
  customers: CustomerService;
  paymentMethods: PaymentMethodStore;
  orders: OrderService;
  subscriptions: SubscriptionService;
  billing: BillingDeps;
  processor: PaymentProcessor | null;
  seller: SellerOfRecord;
  testClocks: TestClockQueries;
}
