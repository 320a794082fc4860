// The checkout module: the tables it owns.
import { migrations, type Module } from '../../platform/module';
import { CheckoutSchema } from './checkout.entity';
import { CheckoutLinkSchema } from './link/checkout-link.entity';
import { Migration20261122050000_checkouts_orders } from './migrations/Migration20261122050000_checkouts_orders';
import { Migration20261122060000_checkout_confirmation } from './migrations/Migration20261122060000_checkout_confirmation';
import { Migration20261122080000_checkout_confirmed_at } from './migrations/Migration20261122080000_checkout_confirmed_at';

export const checkoutModule: Module = {
  name: 'checkout',
  entities: [CheckoutSchema, CheckoutLinkSchema],
  migrations: migrations(
    Migration20261122050000_checkouts_orders,
    Migration20261122060000_checkout_confirmation,
    Migration20261122080000_checkout_confirmed_at,
  ),
};
