export { CustomerSessionService } from './customer-session.service';
export { CUSTOMER_SESSION_TOKEN_PREFIX } from './customer-session.logic';
export { loginCodeEmail } from './login-code.email';
export { customerSessionModule } from './customer-session.module';
