// The customer-session module: its tables, customer sessions and e-mailed login codes, and their routes.
import { contribute, migrations, provide, routes, type Module } from '../../platform/module';
import { CustomerSessionService } from './customer-session.service';
import { CustomerLoginService } from './customer-login.service';
import { loginCodeEmail } from './login-code.email';
import { EmailUpdateService } from './email-update.service';
import { emailUpdateCodeEmail } from './email-update-code.email';
import { customerSessionRoutes } from './customer-session.routes';
import { CustomerLoginCodeSchema, CustomerSessionSchema } from './customer-session.entity';
import { Migration20261125000000_customer_portal } from './migrations/Migration20261125000000_customer_portal';
import { Migration20261201500000_email_update } from './migrations/Migration20261201500000_email_update';
import { Migration20261202100100_session_member } from './migrations/Migration20261202100100_session_member';
import { memberSessionsFollower } from './member-sessions';

export const customerSessionModule: Module = {
  name: 'customer-session',
  entities: [CustomerSessionSchema, CustomerLoginCodeSchema],
  migrations: migrations(
    Migration20261125000000_customer_portal,
    Migration20261201500000_email_update,
    Migration20261202100100_session_member,
  ),
  provides: [
    provide(
      'customerSessions',
      ['clock', 'config', 'publicUrl', 'customers', 'organizations'],
      ({ config, ...s }) =>
        new CustomerSessionService({
          ...s,
          serverSecret: config.BURSAR_SECRET,
          ttlSeconds: config.CUSTOMER_SESSION_TTL_SECONDS,
        }),
    ),
    provide(
      'customerLogin',
      ['orm', 'clock', 'config', 'customers', 'organizations', 'customerSessions', 'email'],
      ({ config, customerSessions, ...s }) =>
        new CustomerLoginService({
          ...s,
          serverSecret: config.BURSAR_SECRET,
          codeTtlSeconds: config.CUSTOMER_LOGIN_CODE_TTL_SECONDS,
          sessions: customerSessions,
        }),
    ),
    provide(
      'emailUpdates',
      ['orm', 'clock', 'config', 'customers', 'organizations', 'customerSessions', 'email'],
      ({ config, customerSessions, ...s }) =>
        new EmailUpdateService({
          ...s,
          serverSecret: config.BURSAR_SECRET,
          codeTtlSeconds: config.CUSTOMER_LOGIN_CODE_TTL_SECONDS,
          sessions: customerSessions,
        }),
    ),
  ],
  contributes: [
    contribute('emailTemplates', [], () => loginCodeEmail),
    contribute('emailTemplates', [], () => emailUpdateCodeEmail),
    contribute('memberFollowers', ['clock'], memberSessionsFollower),
  ],
  routes: routes(['customerSessions', 'customerLogin', 'customers', 'emailUpdates'], (s) =>
    customerSessionRoutes({
      sessions: s.customerSessions,
      login: s.customerLogin,
      customers: s.customers,
      emailUpdates: s.emailUpdates,
    }),
  ),
};

declare module '../../platform/module' {
  interface Services {
    customerSessions: CustomerSessionService;
    customerLogin: CustomerLoginService;
    emailUpdates: EmailUpdateService;
  }
}
