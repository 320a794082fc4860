// Mounts a declared route with every convention: token and scope (or none, for public routes), contracts, one
// transaction, `X-Idempotency-Key`, and the answer (JSON with the declared status, or a redirect).
import { createHash } from 'node:crypto';
import type { Router } from '@koa/router';
import type { Context } from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Conflict, NotPermitted, RequestValidationError, invalidField } from '../../kernel/errors';
import { withCause } from '../../platform/cause/cause';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import {
  Accepted,
  Download,
  Redirect,
  memberMayCall,
  type AuthenticatedCustomer,
  type AuthenticatedOrganization,
  type RequestDetails,
  type RouteDefinition,
  type RouteRateLimit,
} from '../../platform/http/route';
import { parseInput } from '../../platform/http/parse-input';
import type { IdempotencyService } from '../../platform/idempotency';
import { readBody, readRawBody } from './body';
import { requireScope } from './middleware';
import { rawQuery } from './query';
import { assertStorable } from './storable';
import { requestedVersion } from './api-version';
import { inVersion } from '../../contracts/versioned-value';
import { logger } from '../../platform/logging/logger';

export interface MountDeps {
  orm: MikroORM;
  idempotency: IdempotencyService;
  bodyLimitBytes: number;
  /** Resolves the bearer token (401 otherwise) and counts the request against its organization's budget. */
  authenticate(ctx: Context): Promise<AuthenticatedOrganization>;
  /** Resolves a customer session token (401 otherwise) and counts the request against its customer's budget. */
  authenticateCustomer(ctx: Context): Promise<AuthenticatedCustomer>;
  /** Counts the request against a route's own budget (429 once spent). */
  limitRoute(ctx: Context, budget: RouteRateLimit): Promise<void>;
}

const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * Collection actions of the /v1 API (`GET /v1/orders/export`): never an id, so until such an action exists its path
 * answers "No such endpoint" rather than a 422 about a malformed id.
 */
const COLLECTION_ACTIONS = new Set(['export']);

export function mountRoute(router: Router, deps: MountDeps, route: RouteDefinition): void {
  router[route.method](route.path, async (ctx: Context, next) => {
    if (ctx.method === 'GET' && COLLECTION_ACTIONS.has(ctx.params.id)) return next();
    const cause = { type: 'command', name: `${ctx.method} ${route.path}`, requestId: ctx.state.requestId } as const;
    return withCause(cause, () => handle(ctx, deps, route));
  });
}

/** One request to `route`: its caller, its input parsed, its handler in its transaction, its answer. */
async function handle(ctx: Context, deps: MountDeps, route: RouteDefinition): Promise<void> {
  if (route.rateLimit) await deps.limitRoute(ctx, route.rateLimit);
  const { auth, customer } = await caller(ctx, deps, route);
  assertStorable(ctx.params, ['path']);
  const params = route.params ? parseInput(route.params, ctx.params, 'path') : undefined;
  const query = route.query ? parseInput(route.query, rawQuery(ctx), 'query') : undefined;
  assertStorable(query, ['query']); // again once parsed: a value decoded from the query (a JSON filter) may hold what its text did not
  const raw = route.body ? await readBody(ctx, deps.bodyLimitBytes, route.form) : undefined;
  const body = route.body ? (route.quickBody?.(raw) ?? parseInput(route.body, raw, 'body')) : undefined;
  if (auth) assertOwnOrganization(body, auth.organizationId);
  const request: RequestDetails = {
    header: (name) => ctx.get(name),
    apiVersion: requestedVersion(ctx),
    rawBody: () => readRawBody(ctx, deps.bodyLimitBytes),
  };
  const input = { auth, customer, body, query, params, request };

  if (route.outsideTransaction || route.readOnly) {
    const em = deps.orm.em.fork();
    const key = auth && !route.readOnly ? idempotencyKey(ctx) : undefined;
    return reply(
      ctx,
      route,
      await route.handler({
        ...input,
        tx: {
          em,
          afterCommit: (task) =>
            void task().catch((error) => logger().error({ err: error }, 'after-commit task failed')),
        },
        idempotencyKey: key,
      }),
      false,
    );
  }
  const key = route.idempotent && auth ? idempotencyKey(ctx) : undefined;
  const response = await inRequestTransaction(deps.orm, async (tx) => {
    let claimId: string | undefined;
    if (key && auth) {
      const claim = await deps.idempotency.claim(tx.em, auth.organizationId, key, requestHash(ctx, body));
      if (claim.kind === 'replay') {
        const body =
          typeof route.idempotent === 'object'
            ? await route.idempotent.replay({ tx, auth }, claim.response.body)
            : claim.response.body;
        return { status: claim.response.status, body, replayed: true };
      }
      claimId = claim.id;
    }
    const result = await route.handler({ ...input, tx });
    if (claimId) {
      const kept = typeof route.idempotent === 'object' ? route.idempotent.remember(result) : result;
      await deps.idempotency.complete(tx.em, claimId, { status: route.status, body: kept });
    }
    return { status: route.status, body: result, replayed: false };
  });
  reply(ctx, route, response.body, response.replayed, response.status);
}

/** Who calls, by the route's audience: an organization (with one of the scopes), a customer, or anybody. */
async function caller(
  ctx: Context,
  deps: MountDeps,
  route: RouteDefinition,
): Promise<{ auth?: AuthenticatedOrganization; customer?: AuthenticatedCustomer }> {
  switch (route.audience) {
    case 'organization':
      return { auth: requireScope(await deps.authenticate(ctx), route.scopes ?? []) };
    case 'customer': {
      const customer = await deps.authenticateCustomer(ctx);
      if (!memberMayCall(customer.role, route.members))
        throw new NotPermitted("Only the account's owner and billing managers may do this.");
      return { customer };
    }
    case 'public':
      return {};
    default:
      throw new Error(`Route ${route.method.toUpperCase()} ${route.path} declares no audience.`);
  }
}

/**
 * The route's one transaction. A write that lost a race on a unique index (a domain that knows which field clashed
 * says so itself, as a 422) is a 409: the request may be retried and will see what the other one committed.
 */
async function inRequestTransaction<T>(orm: MikroORM, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(orm, work);
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException)
      throw new Conflict('A concurrent request changed the same resource; retry.');
    throw error;
  }
}

/** The handler's answer, in the API version the request asked for (`status`: a replay's, else the route's). */
function reply(ctx: Context, route: RouteDefinition, body: unknown, replayed: boolean, status = route.status): void {
  if (body instanceof Redirect) {
    ctx.status = 307;
    ctx.redirect(body.location);
    return;
  }
  if (body instanceof Accepted) {
    ctx.status = 202;
    ctx.body = body.body;
    return;
  }
  if (body instanceof Download) {
    ctx.status = status;
    ctx.type = body.contentType;
    ctx.attachment(body.filename);
    ctx.body = body.body;
    return;
  }
  ctx.status = status;
  ctx.body = body === undefined ? (status === 204 ? null : '') : inVersion(route.response, body, requestedVersion(ctx));
  if (replayed) ctx.set('Idempotent-Replayed', 'true');
}

/** An organization token acts for its own organization only; naming another in a body is refused. */
function assertOwnOrganization(body: unknown, organizationId: string): void {
  const named = (body as { organization_id?: unknown } | undefined)?.organization_id;
  if (named != null && named !== organizationId) {
    throw invalidField(
      ['body', 'organization_id'],
      'An organization access token can only act on its own organization.',
    );
  }
}

function idempotencyKey(ctx: Context): string | undefined {
  const key = ctx.get('x-idempotency-key');
  if (!key) return undefined;
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new RequestValidationError([
      {
        loc: ['header', 'x-idempotency-key'],
        msg: `At most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
        type: 'string_too_long',
      },
    ]);
  }
  return key;
}

/** The request a key stands for: same method, path and (parsed) body. */
function requestHash(ctx: Context, body: unknown): string {
  return createHash('sha256')
    .update(`${ctx.method} ${ctx.path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}
