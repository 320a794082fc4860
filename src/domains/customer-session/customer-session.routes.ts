// HTTP surface of customer sessions: created by the organization, or by the customer with an e-mailed code; read
// and ended by the customer through the portal; the customer's e-mail update, proved by a code like a login.
import type { RouteDefinition } from '../../platform/http/route';
import type { CustomerService } from '../customer';
import type { CustomerLoginService } from './customer-login.service';
import type { CustomerSessionService } from './customer-session.service';
import { customerLoginRoutes } from './customer-login.routes';
import { customerSessionCreateRoutes } from './customer-session-create.routes';
import { portalSessionRoutes } from './portal-session.routes';
import type { EmailUpdateService } from './email-update.service';
import { emailUpdateRoutes } from './email-update.routes';

export interface CustomerSessionRouteDeps {
  sessions: CustomerSessionService;
  login: CustomerLoginService;
  customers: CustomerService;
  emailUpdates: EmailUpdateService;
}

export function customerSessionRoutes({
  sessions,
  login,
  customers,
  emailUpdates,
}: CustomerSessionRouteDeps): RouteDefinition[] {
  return [
    ...customerSessionCreateRoutes(sessions),
    ...customerLoginRoutes(login),
    ...portalSessionRoutes({ sessions, customers }),
    ...emailUpdateRoutes(emailUpdates),
  ];
}
