export { CustomerSessionService, type CustomerSessionServiceDeps } from './customer-session.service';
export type { LeakedCustomerSession } from './revoke-leaked-customer-session';
export { CustomerLoginService, type CustomerLoginServiceDeps } from './customer-login.service';
export { CUSTOMER_SESSION_TOKEN_PREFIX } from './customer-session.logic';
export { customerSessionRoutes } from './customer-session.routes';
export { loginCodeEmail } from './login-code.email';
export { customerSessionModule } from './customer-session.module';
