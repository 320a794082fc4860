// The meter module: the tables it owns.
import { migrations, type Module } from '../../platform/module';
import { MeterSchema } from './meter.entity';
import { CustomerMeterSchema, MeterCreditSchema } from './customer-meter.entity';
import { Migration20261126000000_usage_events } from './migrations/Migration20261126000000_usage_events';

export const meterModule: Module = {
  name: 'meter',
  entities: [MeterSchema, CustomerMeterSchema, MeterCreditSchema],
  migrations: migrations(Migration20261126000000_usage_events),
};
