// HTTP surface of checkouts: the merchant's /v1/checkouts endpoints (token) and the customer's client-secret ones.
import { Router } from '@koa/router';
import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { settlementFrom } from '../../adapters/payment/stripe-webhooks';
import { CHECKOUT_MESSAGES } from '../../../temporal.config';
import type { Context } from 'koa';
import { IdParams } from '../../contracts/common';
import { Checkout, CheckoutConfirm, CheckoutCreate, CheckoutList, CheckoutListQuery, CheckoutUpdate, CheckoutUpdatePublic, ClientSecretParams } from '../../contracts/checkout';
import type { EnvironmentContext } from '../../app/container';
import { readJsonBody, readRawBody } from '../../app/http/body';
import { parseInput } from '../../app/http/problem';
import { defineRoute } from '../../app/http/route';
import { inTransaction } from '../../app/transaction';
import { BadRequest, ExpiredCheckoutError, NotOpenCheckout, ResourceNotFound, ServiceUnavailable, reportedError } from '../../kernel/errors';
import type { Checkout as CheckoutEntity } from './checkout.entity';

const READ = ['checkouts:read', 'checkouts:write'] as const;
const WRITE = ['checkouts:write'] as const;

export const checkoutRoutes = [
  defineRoute({
    method: 'post',
    path: '/v1/checkouts/',
    summary: 'Create a checkout session (writes checkout.created; starts its workflow)',
    scopes: WRITE,
    body: CheckoutCreate,
    status: 201,
    response: Checkout,
    idempotent: true,
    async handler({ env, auth, tx, body }) {
      return env.checkoutOutput(tx.em, await env.checkouts.create(tx, auth.organizationId, body));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/v1/checkouts/',
    summary: 'List checkout sessions',
    scopes: READ,
    query: CheckoutListQuery,
    status: 200,
    response: CheckoutList,
    async handler({ env, auth, tx, query }) {
      const page = await env.checkouts.list(tx.em, auth.organizationId, query);
      return { items: await Promise.all(page.items.map((c) => env.checkoutOutput(tx.em, c))), pagination: page.pagination };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/v1/checkouts/:id',
    summary: 'Get a checkout session',
    scopes: READ,
    params: IdParams,
    status: 200,
    response: Checkout,
    async handler({ env, auth, tx, params }) {
      return env.checkoutOutput(tx.em, await env.checkouts.get(tx.em, auth.organizationId, params.id));
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/v1/checkouts/:id',
    summary: 'Update an open checkout session',
    scopes: WRITE,
    params: IdParams,
    body: CheckoutUpdate,
    status: 200,
    response: Checkout,
    async handler({ env, auth, tx, params, body }) {
      const checkout = await env.checkouts.get(tx.em, auth.organizationId, params.id, true);
      await assertOpen(checkout, env);
      return env.checkoutOutput(tx.em, await env.checkouts.update(tx, checkout, body));
    },
  }),
];

/** The customer's endpoints: the client secret is the credential, so no token is needed (and none is checked). */
export function checkoutClientRouter(env: EnvironmentContext): Router {
  const router = new Router();
  const withCheckout = async (ctx: Context) => {
    const { client_secret } = parseInput(ClientSecretParams, ctx.params, 'path');
    return env.checkouts.getBySecret(env.orm.em.fork(), client_secret);
  };
  router.get('/v1/checkouts/client/:client_secret', async (ctx) => {
    const checkout = await withCheckout(ctx);
    await assertNotExpired(checkout, env);
    ctx.body = await env.checkoutPublicOutput(env.orm.em.fork(), checkout);
  });
  router.patch('/v1/checkouts/client/:client_secret', async (ctx) => {
    const body = parseInput(CheckoutUpdatePublic, await readJsonBody(ctx, env.config.BODY_LIMIT_BYTES), 'body');
    const found = await withCheckout(ctx);
    ctx.body = await inTransaction(env.orm, async (tx) => {
      const checkout = await env.checkouts.get(tx.em, found.organizationId, found.id, true);
      await assertOpen(checkout, env);
      return env.checkoutPublicOutput(tx.em, await env.checkouts.update(tx, checkout, body));
    });
  });
  router.post('/v1/checkouts/client/:client_secret/confirm', async (ctx) => {
    const body = parseInput(CheckoutConfirm, await readJsonBody(ctx, env.config.BODY_LIMIT_BYTES), 'body');
    const checkout = await withCheckout(ctx);
    await assertOpen(checkout, env);
    try {
      await env.temporal.workflow.getHandle(`checkout:${checkout.id}`).executeUpdate(CHECKOUT_MESSAGES.confirm, { args: [body] });
    } catch (error) {
      throw updateError(error);
    }
    const confirmed = await env.checkouts.get(env.orm.em.fork(), checkout.organizationId, checkout.id);
    ctx.body = { ...(await env.checkoutPublicOutput(env.orm.em.fork(), confirmed)), status: 'confirmed', customer_session_token: null };
  });
  // Stripe settles charges it reported as processing: verified events signal the checkout's workflow.
  router.post('/v1/integrations/stripe/webhook', async (ctx) => {
    const secret = env.config.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new ResourceNotFound('Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).');
    const raw = await readRawBody(ctx, env.config.BODY_LIMIT_BYTES);
    let settlement;
    try {
      settlement = settlementFrom(raw, ctx.get('stripe-signature'), secret);
    } catch {
      throw new BadRequest('The Stripe signature does not match.');
    }
    if (settlement) {
      const { reference, ...outcome } = settlement;
      await env.temporal.workflow
        .getHandle(`checkout:${reference}`)
        .signal(CHECKOUT_MESSAGES.paymentSettled, outcome)
        .catch((error) => {
          if (!(error instanceof WorkflowNotFoundError)) throw error; // an event about a session that is gone is acknowledged
        });
    }
    ctx.body = { received: true };
  });
  router.get('/v1/checkout-links/:client_secret/redirect', async (ctx) => {
    const { client_secret } = parseInput(ClientSecretParams, ctx.params, 'path');
    const checkout = await inTransaction(env.orm, (tx) => env.checkoutLinks.open(tx, client_secret, new URLSearchParams(ctx.querystring)));
    ctx.status = 307;
    ctx.redirect(`${env.config.publicUrls[env.environment]}/checkout/${checkout.clientSecret}`);
  });
  return router;
}

async function assertNotExpired(checkout: CheckoutEntity, env: EnvironmentContext): Promise<void> {
  if (checkout.status === 'expired' || checkout.expiresAt <= (await env.checkouts.now(env.orm.em.fork(), checkout))) throw new ExpiredCheckoutError('This checkout has expired.');
}

async function assertOpen(checkout: CheckoutEntity, env: EnvironmentContext): Promise<void> {
  await assertNotExpired(checkout, env);
  if (checkout.status !== 'open') throw new NotOpenCheckout(`This checkout is ${checkout.status}.`);
}

/** The Update's failure as the reference's error for the confirm endpoint. */
function updateError(error: unknown): unknown {
  // The session's workflow is started right after the session is written; the outbox relay starts it if that failed.
  if (error instanceof WorkflowNotFoundError) return new ServiceUnavailable('This checkout is still being set up; try again in a moment.');
  if (!(error instanceof WorkflowUpdateFailedError)) return error;
  const cause = error.cause as { type?: string; message: string; details?: unknown[] } | undefined;
  return (cause && reportedError(cause.type, cause.message, cause.details?.[0])) ?? error;
}
