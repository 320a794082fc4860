// HTTP surface of discounts: /v1/discounts CRUD.
import type { RouteDefinition } from '../../platform/http/route';
import type { DiscountService } from './discount.service';
import { discountByIdRoutes } from './discount-by-id.routes';
import { discountsRoutes } from './discounts.routes';

export function discountRoutes({ discounts }: { discounts: DiscountService }): RouteDefinition[] {
  return [...discountsRoutes(discounts), ...discountByIdRoutes(discounts)];
}
