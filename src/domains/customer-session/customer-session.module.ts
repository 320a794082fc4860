// The customer-session module: the tables it owns.
import { migrations, type Module } from '../../platform/module';
import { CustomerLoginCodeSchema, CustomerSessionSchema } from './customer-session.entity';
import { Migration20261125000000_customer_portal } from './migrations/Migration20261125000000_customer_portal';

export const customerSessionModule: Module = {
  name: 'customer-session',
  entities: [CustomerSessionSchema, CustomerLoginCodeSchema],
  migrations: migrations(Migration20261125000000_customer_portal),
};
