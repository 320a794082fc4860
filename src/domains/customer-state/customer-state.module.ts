// The customer-state module: a customer's state (subscriptions, grants, meters) and customer.state_changed; no tables.
import { provide, routes, type Module } from '../../platform/module';
import { CustomerStateService } from './customer-state.service';
import { customerStateRoutes } from './customer-state.routes';

export const customerStateModule: Module = {
  name: 'customer-state',
  provides: [
    provide(
      'customerStates',
      ['outbox', 'customerReads', 'subscriptionQueries', 'grantQueries', 'customerMeters'],
      (s) =>
        new CustomerStateService({
          outbox: s.outbox,
          customers: s.customerReads,
          subscriptions: s.subscriptionQueries,
          grants: s.grantQueries,
          meters: s.customerMeters,
        }),
    ),
  ],
  routes: routes(['customerStates'], ({ customerStates }) => customerStateRoutes({ states: customerStates })),
};

declare module '../../platform/module' {
  interface Services {
    customerStates: CustomerStateService;
  }
}
