// The customer module: the tables it owns.
import { migrations, type Module } from '../../platform/module';
import { CustomerSchema } from './customer.entity';
import { Migration20261122040000_customers } from './migrations/Migration20261122040000_customers';

export const customerModule: Module = {
  name: 'customer',
  entities: [CustomerSchema],
  migrations: migrations(Migration20261122040000_customers),
};
