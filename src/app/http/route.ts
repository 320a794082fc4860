// Declares an endpoint once — scopes, contracts, status, idempotency — and mounts it with all the conventions.
import { createHash } from 'node:crypto';
import type { Router } from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { AuthenticatedOrganization, Scope } from '../../domains/organization';
import type { EnvironmentContext } from '../container';
import { inTransaction, type Tx } from '../transaction';
import { readJsonBody } from './body';
import { requireScope } from './middleware';
import { parseInput } from './problem';
import { rawQuery } from './query';
import { RequestValidationError, invalidField } from '../../kernel/errors';

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<B, Q, P> {
  env: EnvironmentContext;
  auth: AuthenticatedOrganization;
  tx: Tx;
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  /** `X-Idempotency-Key`, for handlers outside a transaction that make their own retries safe with it. */
  idempotencyKey?: string;
}

export interface RouteDefinition<B extends Schema | undefined = Schema | undefined, Q extends Schema | undefined = Schema | undefined, P extends Schema | undefined = Schema | undefined> {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** Koa-style path, e.g. `/v1/meters/:id`. */
  path: string;
  summary: string;
  /** Any one of these scopes grants access. */
  scopes: readonly Scope[];
  body?: B;
  query?: Q;
  params?: P;
  status: number;
  response: Schema;
  /** Creates honour `X-Idempotency-Key`. */
  idempotent?: boolean;
  /**
   * The handler waits on workflows (Updates) and opens its own short transactions, so it holds no database
   * connection meanwhile; `tx` is then a plain entity manager for reads.
   */
  outsideTransaction?: boolean;
  handler(input: RouteInput<B, Q, P>): Promise<unknown>;
}

export function defineRoute<B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, P extends Schema | undefined = undefined>(
  route: RouteDefinition<B, Q, P>,
): RouteDefinition {
  return route as unknown as RouteDefinition;
}

const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export function mountRoute(router: Router, env: EnvironmentContext, route: RouteDefinition): void {
  router[route.method](route.path, async (ctx: Context) => {
    const auth = requireScope(ctx, route.scopes);
    const params = route.params ? parseInput(route.params, ctx.params, 'path') : undefined;
    const query = route.query ? parseInput(route.query, rawQuery(ctx), 'query') : undefined;
    const body = route.body ? parseInput(route.body, await readJsonBody(ctx, env.config.BODY_LIMIT_BYTES), 'body') : undefined;
    assertOwnOrganization(body, auth.organizationId);
    if (route.outsideTransaction) {
      const em = env.orm.em.fork();
      ctx.body = await route.handler({ env, auth, tx: { em, afterCommit: (task) => void task() }, body, query, params, idempotencyKey: idempotencyKey(ctx) });
      ctx.status = route.status;
      return;
    }
    const key = route.idempotent ? idempotencyKey(ctx) : undefined;

    const response = await inTransaction(env.orm, async (tx) => {
      let claimId: string | undefined;
      if (key) {
        const claim = await env.idempotency.claim(tx.em, auth.organizationId, key, requestHash(ctx, body));
        if (claim.kind === 'replay') return { ...claim.response, replayed: true };
        claimId = claim.id;
      }
      const result = await route.handler({ env, auth, tx, body, query, params });
      if (claimId) await env.idempotency.complete(tx.em, claimId, { status: route.status, body: result });
      return { status: route.status, body: result, replayed: false };
    });

    ctx.status = response.status;
    ctx.body = response.body === undefined ? (response.status === 204 ? null : '') : response.body;
    if (response.replayed) ctx.set('Idempotent-Replayed', 'true');
  });
}

/** An organization token acts for its own organization only; naming another in a body is refused. */
function assertOwnOrganization(body: unknown, organizationId: string): void {
  const named = (body as { organization_id?: unknown } | undefined)?.organization_id;
  if (named != null && named !== organizationId) {
    throw invalidField(['body', 'organization_id'], 'An organization access token can only act on its own organization.');
  }
}

function idempotencyKey(ctx: Context): string | undefined {
  const key = ctx.get('x-idempotency-key');
  if (!key) return undefined;
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new RequestValidationError([
      { loc: ['header', 'x-idempotency-key'], msg: `At most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`, type: 'string_too_long' },
    ]);
  }
  return key;
}

/** The request a key stands for: same method, path and (parsed) body. */
function requestHash(ctx: Context, body: unknown): string {
  return createHash('sha256').update(`${ctx.method} ${ctx.path}\n${JSON.stringify(body ?? null)}`).digest('hex');
}
