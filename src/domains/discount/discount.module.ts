// The discount module: its table, discounts and their routes.
import { migrations, provide, routes, type Module } from '../../platform/module';
import { DiscountSchema } from './discount.entity';
import { DiscountService } from './discount.service';
import { discountRoutes } from './discount.routes';

export const discountModule: Module = {
  name: 'discount',
  entities: [DiscountSchema],
  migrations: migrations(),
  provides: [provide('discounts', ['clock', 'products', 'outbox'], (s) => new DiscountService(s))],
  routes: routes(['discounts'], discountRoutes),
};

declare module '../../platform/module' {
  interface Services {
    discounts: DiscountService;
  }
}
