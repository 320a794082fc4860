// Middleware every request goes through: request id, nosniff, problem-details errors, per-IP limits, bearer auth.
import type { Context, Next } from 'koa';
import {
  BadRequest,
  BursarError,
  NotPermitted,
  ServiceUnavailable,
  TooManyRequests,
  Unauthorized,
} from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ORGANIZATION_TOKEN_PREFIX, type AccessTokenService } from '../../domains/organization';
import { CUSTOMER_SESSION_TOKEN_PREFIX } from '../../domains/customer-session';
import { OAUTH2_ACCESS_TOKEN_PREFIX } from '../../domains/oauth2';
import type { AuthenticatedCustomer, AuthenticatedOrganization } from '../../platform/http/route';
import { unavailableDependency, unstorableText, type Dependency } from './dependency-errors';
import { sendProblem } from './problem';
import { addLogContext } from '../../platform/logging/logger';
import type { RateLimits } from './rate-limit';

const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

export async function requestId(ctx: Context, next: Next): Promise<void> {
  const incoming = ctx.get('x-request-id');
  ctx.state.requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : newId();
  ctx.set('X-Request-Id', ctx.state.requestId);
  await next();
}

/**
 * Every answer is read as the type it declares, never sniffed: stored files above all (a merchant's upload must not
 * run as HTML or script on this origin), and JSON, problems, exports and pages alike.
 */
export async function noSniff(ctx: Context, next: Next): Promise<void> {
  ctx.set('X-Content-Type-Options', 'nosniff');
  await next();
}

class InternalServerError extends BursarError {
  readonly code = 'InternalServerError';
}

const UNAVAILABLE: Record<Dependency, string> = {
  database: 'The database is unavailable; try again in a moment.',
  temporal: 'The workflow engine is unavailable; try again in a moment.',
  service: 'A service Bursar depends on is unavailable; try again in a moment.',
};

const UNSTORABLE_TEXT =
  'The request holds text the database cannot store (a NUL character or an invalid byte sequence).';

/**
 * Named errors as themselves; text the database refuses as a 400 (whichever route let it through); a dependency that
 * is down as a 503 with `Retry-After` (never a 500); anything else a 500.
 */
export async function errorHandler(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (thrown) {
    const caught =
      !(thrown instanceof BursarError) && unstorableText(thrown) ? new BadRequest(UNSTORABLE_TEXT) : thrown;
    const dependency = caught instanceof BursarError ? null : unavailableDependency(caught);
    if (dependency) ctx.state.failure = caught; // the access log's line of this request shows it (src/app/http/access-log.ts)
    const error = dependency ? new ServiceUnavailable(UNAVAILABLE[dependency]) : caught;
    if (error instanceof TooManyRequests || error instanceof ServiceUnavailable)
      ctx.set('Retry-After', String(error.retryAfterSeconds));
    if (error instanceof BursarError) return sendProblem(ctx, error);
    ctx.state.failure = error;
    sendProblem(ctx, new InternalServerError('An unexpected error occurred.'));
  }
}

export function ipRateLimit(limits: RateLimits) {
  return async (ctx: Context, next: Next): Promise<void> => {
    await limits.consumeIp(ctx.ip);
    await next();
  };
}

/** What an app's OAuth2 access token resolves to (the oauth2 domain). */
export interface OrganizationAuthenticator {
  authenticate(em: EntityManager, token: string): Promise<AuthenticatedOrganization | null>;
}

/** What a customer session token resolves to, by whom it is resolved (the customer session domain). */
export interface CustomerAuthenticator {
  authenticate(em: EntityManager, token: string): Promise<AuthenticatedCustomer | null>;
}

/**
 * Binds the bearer token to its organization in this environment; another environment's token is unknown here. A
 * customer session token is no credential for an organization route (nor an organization token for a portal route).
 */
export function bearerAuthentication(deps: {
  environment: string;
  orm: MikroORM;
  accessTokens: AccessTokenService;
  oauth2: OrganizationAuthenticator;
  customerSessions: CustomerAuthenticator;
  limits: RateLimits;
}) {
  return {
    async organization(ctx: Context): Promise<AuthenticatedOrganization> {
      const token = bearerToken(ctx);
      if (token.startsWith(CUSTOMER_SESSION_TOKEN_PREFIX)) {
        throw new Unauthorized(
          'A customer session token is accepted only by the customer portal API (/v1/customer-portal/).',
        );
      }
      const authenticator = token.startsWith(OAUTH2_ACCESS_TOKEN_PREFIX) ? deps.oauth2 : deps.accessTokens;
      const auth = await authenticator.authenticate(deps.orm.em.fork(), token);
      if (!auth) throw new Unauthorized();
      addLogContext({ organization_id: auth.organizationId });
      // An app's calls count against its client, whichever organization granted it access (300/min per client).
      if (auth.oauth2ClientId) await deps.limits.consumeOAuth2Client(`${deps.environment}:${auth.oauth2ClientId}`);
      else await deps.limits.consumeOrganization(`${deps.environment}:${auth.organizationId}`);
      return auth;
    },
    async customer(ctx: Context): Promise<AuthenticatedCustomer> {
      const token = bearerToken(ctx);
      if (token.startsWith(ORGANIZATION_TOKEN_PREFIX)) {
        throw new Unauthorized(
          'The customer portal API takes a customer session token (bursar_cst_…), not an organization access token.',
        );
      }
      if (token.startsWith(OAUTH2_ACCESS_TOKEN_PREFIX)) {
        throw new Unauthorized(
          'The customer portal API takes a customer session token (bursar_cst_…), not an OAuth2 access token.',
        );
      }
      const customer = await deps.customerSessions.authenticate(deps.orm.em.fork(), token);
      if (!customer) throw new Unauthorized('Missing, invalid or expired customer session token.');
      addLogContext({ organization_id: customer.organizationId, customer_id: customer.customerId });
      await deps.limits.consumeCustomer(`${deps.environment}:${customer.customerId}`);
      return customer;
    },
  };
}

function bearerToken(ctx: Context): string {
  const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'));
  if (!match) throw new Unauthorized();
  return match[1];
}

/** The token must carry at least one of `anyOf`. */
export function requireScope(auth: AuthenticatedOrganization, anyOf: readonly string[]): AuthenticatedOrganization {
  if (!anyOf.some((scope) => auth.scopes.has(scope))) {
    throw new NotPermitted(`This token lacks the required scope (one of: ${anyOf.join(', ')}).`);
  }
  return auth;
}
