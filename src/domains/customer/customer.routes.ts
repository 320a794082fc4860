// HTTP surface of customers: create (or let a checkout create them), read, list, update and delete, by id or by
// external id. The `external/…` paths have one segment more than `{id}` ones, so the two never capture each other.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { RouteDefinition } from '../../platform/http/route';
import type { CustomerService } from './customer.service';
import type { SubscriptionRevoker } from './customer-deps';
import { customerDeleteRoutes } from './customer-delete.routes';
import { customerReadRoutes } from './customer-read.routes';
import { customerUpdateRoutes } from './customer-update.routes';
import { customersRoutes } from './customers.routes';
import { paymentMethodRoutes } from './payment-method.routes';
import type { PaymentMethodStore } from './payment-methods';

export function customerRoutes({
  customers,
  revoke,
  paymentMethods,
  orm,
}: {
  customers: CustomerService;
  revoke: SubscriptionRevoker;
  paymentMethods: PaymentMethodStore;
  orm: MikroORM;
}): RouteDefinition[] {
  return [
    ...customersRoutes(customers, orm),
    ...customerReadRoutes(customers),
    ...customerUpdateRoutes(customers),
    ...customerDeleteRoutes({ customers, revoke }),
    ...paymentMethodRoutes(customers, paymentMethods),
  ];
}
