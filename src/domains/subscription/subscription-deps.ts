// What the subscription service is built from.
import type { Clock } from '../../kernel/clock';
import type { OutboxService } from '../../platform/outbox';
import type { ProductService } from '../catalog';
import type { CustomerService } from '../customer';
import type { DiscountService } from '../discount';
import type { GrantSyncPort } from '../order';
import type { SubscriptionMeterReader } from './subscription-meter';

export interface SubscriptionDeps {
  clock: Clock;
  outbox: OutboxService;
  discounts: DiscountService;
  customers: CustomerService;
  products: ProductService;
  /** Benefit grants follow every change of the subscription (its status, its product). */
  grants: GrantSyncPort;
  /** The meters of subscriptions with metered prices (their usage so far). */
  meterReader: Pick<SubscriptionMeterReader, 'metersOf'>;
}
