export {
  CustomerSessionService,
  type CustomerSessionServiceDeps,
  type LeakedCustomerSession,
} from './customer-session.service';
export { CustomerLoginService, type CustomerLoginServiceDeps } from './customer-login.service';
export { CUSTOMER_SESSION_TOKEN_PREFIX } from './customer-session.logic';
export { customerSessionRoutes } from './customer-session.routes';
export { loginCodeEmail } from './login-code.email';
export { customerSessionModule } from './customer-session.module';
