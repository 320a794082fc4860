// The order module: the tables it owns.
import { migrations, type Module } from '../../platform/module';
import { OrderItemSchema, OrderSchema } from './order.entity';
import { RefundSchema } from './refund/refund.entity';
import { Migration20261123000000_invoices_refunds } from './migrations/Migration20261123000000_invoices_refunds';

export const orderModule: Module = {
  name: 'order',
  entities: [OrderSchema, OrderItemSchema, RefundSchema],
  migrations: migrations(Migration20261123000000_invoices_refunds),
};
