// What the checkout service and its commands are built from, and the session's time they all go by.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import type { OutboxService } from '../../platform/outbox';
import type { ProductService } from '../catalog';
import type { CustomerService } from '../customer';
import type { DiscountService } from '../discount';
import type { OrganizationService } from '../organization';
import type { SellerOfRecord } from '../tax';
import type { TestClockQueries } from '../test-clock';
import type { Checkout } from './checkout.entity';

export interface CheckoutDeps {
  clock: Clock;
  outbox: OutboxService;
  seller: SellerOfRecord;
  ttlSeconds: number;
  publicUrl: string;
  products: ProductService;
  discounts: DiscountService;
  customers: CustomerService;
  testClocks: TestClockQueries;
  organizations: OrganizationService;
}

/** The session's time: its test clock's, else wall time. */
export function checkoutNow(
  deps: Pick<CheckoutDeps, 'testClocks'>,
  em: EntityManager,
  checkout: Checkout,
): Promise<Date> {
  return deps.testClocks.now(em, checkout.testClockId);
}
