// The catalog module: its tables, products and custom fields, and their routes.
import { migrations, provide, contribute, routes, type Module } from '../../platform/module';
import { ProductPriceSchema, ProductSchema } from './catalog.entity';
import { CustomFieldSchema } from './custom-field/custom-field.entity';
import { CustomFieldService } from './custom-field/custom-field.service';
import { ProductService } from './product.service';
import { productBenefitIds } from './product.reads';
import type { ProductUser } from './product-users';
import { catalogRoutes } from './catalog.routes';
import { customFieldRoutes } from './custom-field/custom-field.routes';
import { Migration20261122010000_catalog } from './migrations/Migration20261122010000_catalog';
import { Migration20261128010000_usage_tiers } from './migrations/Migration20261128010000_usage_tiers';

export const catalogModule: Module = {
  name: 'catalog',
  entities: [ProductSchema, ProductPriceSchema, CustomFieldSchema],
  migrations: migrations(Migration20261122010000_catalog, Migration20261128010000_usage_tiers),
  provides: [
    provide('customFields', ['clock'], ({ clock }) => new CustomFieldService(clock)),
    provide(
      'products',
      ['clock', 'outbox', 'meters', 'benefitQueries', 'fileQueries', 'customFields', 'grantRequests', 'productUsers'],
      ({ benefitQueries, fileQueries, grantRequests, productUsers, ...s }) =>
        new ProductService({
          ...s,
          benefits: benefitQueries,
          files: fileQueries,
          grants: grantRequests,
          users: productUsers,
        }),
    ),
    provide('productBenefitIds', [], () => productBenefitIds),
  ],
  contributes: [contribute('fileUsers', ['products'], ({ products }) => products)],
  routes: routes(['products', 'customFields'], (s) => [...catalogRoutes(s), ...customFieldRoutes(s)]),
};

declare module '../../platform/module' {
  interface Services {
    customFields: CustomFieldService;
    products: ProductService;
    /** The benefits a product grants (the benefit domain's grant rules read them). */
    productBenefitIds: typeof productBenefitIds;
  }
  interface Contributions {
    /** Domains whose records hold products: a product they hold cannot be deleted. */
    productUsers: ProductUser[];
  }
}
