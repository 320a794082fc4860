// Who may call how often, and how long a customer's session and login code live.
import { int } from './fields';

export const accessFields = {
  RATE_LIMIT_ORG_PER_MINUTE: int(300),
  RATE_LIMIT_IP_PER_SECOND: int(100),
  /** Unauthenticated license-key validate, activate and deactivate, per client IP. */
  RATE_LIMIT_LICENSE_KEY_PER_SECOND: int(3),
  RATE_LIMIT_CUSTOMER_PER_MINUTE: int(300),
  /** Calls with an app's OAuth2 access token, per OAuth2 client (whichever organizations granted it access). */
  RATE_LIMIT_OAUTH2_CLIENT_PER_MINUTE: int(300),
  /** The customer portal's e-mail code login (request and authenticate), per client IP; past either, a 15-minute block. */
  RATE_LIMIT_LOGIN_PER_MINUTE: int(6),
  RATE_LIMIT_LOGIN_PER_HOUR: int(12),
  /** How long a customer session token lives. */
  CUSTOMER_SESSION_TTL_SECONDS: int(3600),
  /** How long an e-mailed portal login code stays valid. */
  CUSTOMER_LOGIN_CODE_TTL_SECONDS: int(30 * 60),
};
