// The discount module: its table, discounts and their routes.
import { contribute, migrations, provide, routes, type Module } from '../../platform/module';
import { productUserOf } from '../catalog';
import { DiscountSchema } from './discount.entity';
import { DiscountService } from './discount.service';
import { discountRoutes } from './discount.routes';

export const discountModule: Module = {
  name: 'discount',
  entities: [DiscountSchema],
  migrations: migrations(),
  provides: [provide('discounts', ['clock', 'products', 'outbox'], (s) => new DiscountService(s))],
  contributes: [
    contribute('productUsers', [], () =>
      productUserOf(
        'exists (select 1 from discount d where d.organization_id = q.org and d.deleted_at is null' +
          ' and p.id = any(d.product_ids))',
      ),
    ),
  ],
  routes: routes(['discounts'], discountRoutes),
};

declare module '../../platform/module' {
  interface Services {
    discounts: DiscountService;
  }
}
