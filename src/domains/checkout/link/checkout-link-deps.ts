// What the checkout link service and its commands are built from.
import type { Clock } from '../../../kernel/clock';
import type { ProductService } from '../../catalog';
import type { DiscountService } from '../../discount';
import type { CheckoutService } from '../checkout.service';

export interface LinkDeps {
  clock: Clock;
  publicUrl: string;
  checkouts: CheckoutService;
  products: ProductService;
  discounts: DiscountService;
}
