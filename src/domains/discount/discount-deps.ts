// What the discount service and its steps are given.
import type { OutboxService } from '../../platform/outbox';
import type { ProductService } from '../catalog';
import type { Clock } from '../../kernel/clock';

export interface DiscountDeps {
  clock: Clock;
  /** The products a discount is restricted to (and embeds). */
  products: ProductService;
  outbox: OutboxService;
}
