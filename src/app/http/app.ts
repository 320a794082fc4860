// The Koa application of one environment: conventions first, then /v1 behind auth, then health and OpenAPI.
import Koa from 'koa';
import { Router } from '@koa/router';
import type { Connection } from '@temporalio/client';
import { LocalDiskStorage } from '../../adapters/storage/local-disk-storage';
import { benefitRoutes } from '../../domains/benefit';
import { catalogRoutes } from '../../domains/catalog';
import { customerRoutes } from '../../domains/customer';
import { checkoutClientRouter, checkoutLinkRoutes, checkoutRoutes } from '../../domains/checkout';
import { orderRoutes } from '../../domains/order';
import { discountRoutes } from '../../domains/discount';
import { fileRoutes, storageRouter } from '../../domains/file';
import { meterRoutes } from '../../domains/meter';
import { webhookRoutes } from '../../domains/webhook';
import { subscriptionRoutes } from '../../domains/subscription';
import { testClockRoutes } from '../../domains/test-clock';
import { MethodNotAllowed, ResourceNotFound } from '../../kernel/errors';
import type { EnvironmentContext } from '../container';
import { authenticate, errorHandler, ipRateLimit, requestId } from './middleware';
import { buildOpenApi } from './openapi';
import type { RateLimits } from './rate-limit';
import { mountRoute, type RouteDefinition } from './route';

export const ROUTES: RouteDefinition[] = [...meterRoutes, ...catalogRoutes, ...discountRoutes, ...benefitRoutes, ...fileRoutes, ...webhookRoutes, ...customerRoutes, ...checkoutRoutes, ...checkoutLinkRoutes, ...orderRoutes, ...subscriptionRoutes, ...testClockRoutes];

export function createHttpApp(env: EnvironmentContext, limits: RateLimits): Koa {
  const app = new Koa({ proxy: env.config.TRUST_PROXY });
  app.use(requestId);
  app.use(errorHandler);
  app.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body == null) throw new ResourceNotFound('No such endpoint.');
  });

  const open = new Router();
  open.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok', environment: env.environment };
  });
  open.get('/readyz', async (ctx) => {
    const checks = { postgres: await probe(() => env.orm.em.fork().execute('select 1')), temporal: await probe(() => (env.temporal.connection as Connection).healthService.check({})) };
    const ready = checks.postgres && checks.temporal;
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'unavailable', environment: env.environment, checks };
  });
  const openApi = buildOpenApi(ROUTES, [env.config.publicUrls[env.environment]]);
  open.get('/openapi.json', (ctx) => {
    ctx.body = openApi;
  });
  app.use(open.routes());

  app.use(ipRateLimit(limits));
  if (env.storage instanceof LocalDiskStorage) app.use(storageRouter(env.storage).routes());
  app.use(checkoutClientRouter(env).routes());
  const v1 = new Router();
  v1.use('/v1', authenticate(env, limits));
  for (const route of ROUTES) mountRoute(v1, env, route);
  app.use(v1.routes());
  app.use(
    v1.allowedMethods({
      throw: true,
      methodNotAllowed: () => new MethodNotAllowed('Method not allowed on this path.'),
      notImplemented: () => new MethodNotAllowed('Method not implemented.'),
    }),
  );
  return app;
}

async function probe(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch {
    return false;
  }
}
