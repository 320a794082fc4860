// HTTP surface of customer sessions: created by the organization, or by the customer with an e-mailed code; read
// and ended by the customer through the portal.
import type { RouteDefinition } from '../../platform/http/route';
import type { CustomerService } from '../customer';
import type { CustomerLoginService } from './customer-login.service';
import type { CustomerSessionService } from './customer-session.service';
import { customerLoginRoutes } from './customer-login.routes';
import { customerSessionCreateRoutes } from './customer-session-create.routes';
import { portalSessionRoutes } from './portal-session.routes';

export interface CustomerSessionRouteDeps {
  sessions: CustomerSessionService;
  login: CustomerLoginService;
  customers: CustomerService;
}

export function customerSessionRoutes({ sessions, login, customers }: CustomerSessionRouteDeps): RouteDefinition[] {
  return [
    ...customerSessionCreateRoutes(sessions),
    ...customerLoginRoutes(login),
    ...portalSessionRoutes({ sessions, customers }),
  ];
}
