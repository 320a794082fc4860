// The customer-portal module: the API a customer session opens, over the services of the domains it reads and
// changes; no tables, no services of its own.
import { routes, type Module } from '../../platform/module';
import { customerPortalRoutes } from './customer-portal.routes';

export const customerPortalModule: Module = {
  name: 'customer-portal',
  routes: routes(
    [
      'customers',
      'organizations',
      'orders',
      'documents',
      'products',
      'subscriptions',
      'subscriptionCommands',
      'grantQueries',
      'downloads',
      'checkouts',
      'licenseKeys',
      'customerMeters',
      'subscriptionQueries',
      'orderPayments',
      'paymentMethods',
      'paymentMethodCommands',
      'seats',
    ],
    ({ subscriptionCommands, grantQueries, customerMeters, subscriptionQueries, ...s }) =>
      customerPortalRoutes({
        ...s,
        commands: subscriptionCommands,
        grants: grantQueries,
        meters: customerMeters,
        wallets: subscriptionQueries,
      }),
  ),
};
