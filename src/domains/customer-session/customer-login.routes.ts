// The portal's self-service login: a code requested by e-mail, then exchanged for a session token.
import {
  CustomerSessionCodeAuthenticate,
  CustomerSessionCodeAuthenticated,
  CustomerSessionCodeRequest,
  CustomerSessionCodeRequested,
} from '../../contracts/customer-session-code';
import { Accepted, definePublicRoute, type RouteDefinition } from '../../platform/http/route';
import type { CustomerLoginService } from './customer-login.service';

export function customerLoginRoutes(login: CustomerLoginService): RouteDefinition[] {
  return [
    definePublicRoute({
      method: 'post',
      path: '/v1/customer-portal/customer-session/request',
      summary: 'E-mail a customer a 6-character login code (202 whatever the address)',
      body: CustomerSessionCodeRequest,
      status: 202,
      response: CustomerSessionCodeRequested,
      rateLimit: 'customer_login',
      outsideTransaction: true,
      async handler({ body }) {
        login.requestCode(body);
        return new Accepted({});
      },
    }),
    definePublicRoute({
      method: 'post',
      path: '/v1/customer-portal/customer-session/authenticate',
      summary: 'Exchange an e-mailed login code for a customer session token',
      body: CustomerSessionCodeAuthenticate,
      status: 200,
      response: CustomerSessionCodeAuthenticated,
      rateLimit: 'customer_login',
      outsideTransaction: true,
      async handler({ body }) {
        return login.authenticate(body);
      },
    }),
  ];
}
