// The payment module: its table, the service every charge goes through, and the routes that read payments.
import { contribute, migrations, provide, routes, type Module } from '../../platform/module';
import { Migration20261201100000_payments } from './migrations/Migration20261201100000_payments';
import { Migration20261201100500_payment_backfill } from './migrations/Migration20261201100500_payment_backfill';
import { PaymentSchema } from './payment.entity';
import { countDeclines } from './payment-metrics';
import { paymentRoutes } from './payment.routes';
import { PaymentService } from './payment.service';
import type { PaymentFollower } from './payment-deps';

export const paymentModule: Module = {
  name: 'payment',
  entities: [PaymentSchema],
  migrations: migrations(Migration20261201100000_payments, Migration20261201100500_payment_backfill),
  provides: [
    provide(
      'payments',
      ['orm', 'clock', 'processor', 'paymentFollowers'],
      ({ paymentFollowers, ...s }) => new PaymentService({ ...s, followers: paymentFollowers }),
    ),
  ],
  contributes: [contribute('paymentFollowers', ['businessMetrics'], (s) => countDeclines(s.businessMetrics))],
  routes: routes(['payments'], paymentRoutes),
};

declare module '../../platform/module' {
  interface Services {
    payments: PaymentService;
  }
  interface Contributions {
    /** Domains told when a payment of an order succeeds. */
    paymentFollowers: PaymentFollower[];
  }
}
