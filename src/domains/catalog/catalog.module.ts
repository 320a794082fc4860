// The catalog module: the tables it owns.
import { migrations, type Module } from '../../platform/module';
import { ProductPriceSchema, ProductSchema } from './catalog.entity';
import { CustomFieldSchema } from './custom-field/custom-field.entity';
import { Migration20261122010000_catalog } from './migrations/Migration20261122010000_catalog';

export const catalogModule: Module = {
  name: 'catalog',
  entities: [ProductSchema, ProductPriceSchema, CustomFieldSchema],
  migrations: migrations(Migration20261122010000_catalog),
};
