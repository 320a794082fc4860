// The Koa application of one environment: conventions first, then health and OpenAPI, then every declared route.
import Koa, { type Context } from 'koa';
import { Router } from '@koa/router';
import type { Connection } from '@temporalio/client';
import { LocalDiskStorage } from '../../adapters/storage/local-disk-storage';
import { MethodNotAllowed, ResourceNotFound } from '../../kernel/errors';
import type { EnvironmentContext } from '../environment';
import { localStorageRouter } from './local-storage-routes';
import { bearerAuthentication, errorHandler, ipRateLimit, noSniff, requestId } from './middleware';
import { traceRoute } from './trace-route';
import { accessLog } from './access-log';
import { logger } from '../../platform/logging/logger';
import { mountRoute } from './mount';
import { requestMetrics } from './request-metrics';
import { oauth2Answers } from './oauth2-answers';
import { apiVersion, requestedVersion } from './api-version';
import { API_VERSIONS, type ApiVersion } from '../../contracts/api-version';
import { buildOpenApi } from './openapi';
import type { RateLimits } from './rate-limit';
import type { RouteRateLimit } from '../../platform/http/route';
import { webPagesRouter } from '../../web/server/web-pages';
import { DashboardLinks } from '../../web/server/dashboard-link';

export function createHttpApp(env: EnvironmentContext, limits: RateLimits): Koa {
  const { routes, accessTokens, oauth2, customerSessions } = env.domains;
  // Behind the one load balancer TRUST_PROXY names, the client is the address it appended (the last), not one the client sent.
  const app = new Koa({ proxy: env.config.TRUST_PROXY, maxIpsCount: 1 });
  // What fails after the answer started (a streamed body) is logged as JSON, not by Koa on stderr.
  app.on('error', (error: unknown, ctx?: Context) =>
    logger().error({ err: error, request_id: ctx?.state.requestId, environment: env.environment }, 'response failed'),
  );
  const api = new Router();
  app.use(requestId);
  app.use(accessLog(env.environment));
  app.use(traceRoute);
  app.use(noSniff);
  app.use(requestMetrics(env.environment));
  app.use(errorHandler);
  app.use(apiVersion);
  app.use(async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body != null) return;
    // A collection path without its trailing slash is sent to the canonical one, as FastAPI-based servers of this API do.
    const canonical = `${ctx.path}/`;
    if (
      !ctx.path.endsWith('/') &&
      api.match(canonical, ctx.method).pathAndMethod.some((layer) => layer.path === canonical)
    ) {
      ctx.status = 307;
      return ctx.redirect(`${canonical}${ctx.search}`);
    }
    throw new ResourceNotFound('No such endpoint.');
  });

  const open = new Router();
  open.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok', environment: env.environment };
  });
  open.get('/readyz', async (ctx) => {
    const checks = {
      postgres: await probe(() => env.orm.em.fork().execute('select 1')),
      temporal: await probe(() => (env.temporal.connection as Connection).healthService.check({})),
    };
    const ready = checks.postgres && checks.temporal;
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'unavailable', environment: env.environment, checks };
  });
  // Each version's document is built when first asked for (building all four would slow every start).
  const documents = new Map<ApiVersion, ReturnType<typeof buildOpenApi>>();
  const openApi = (version: ApiVersion) =>
    documents.get(version) ??
    documents.set(version, buildOpenApi(routes, [env.config.publicUrls[env.environment]], version)).get(version);
  open.get('/openapi.json', (ctx) => {
    ctx.body = openApi(requestedVersion(ctx)); // the unversioned API's unless Polar-Version names another
  });
  open.get('/:version/openapi.json', (ctx) => {
    if (!(API_VERSIONS as readonly string[]).includes(ctx.params.version))
      throw new ResourceNotFound('No such API version.');
    ctx.body = openApi(ctx.params.version as ApiVersion);
  });
  // OAuth clients discover the endpoints here: RFC 8414's path, and OpenID Connect Discovery's, which libraries try first.
  open.get(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'], (ctx) => {
    ctx.body = oauth2.metadata();
  });
  app.use(open.routes());

  app.use(ipRateLimit(limits));
  app.use(oauth2Answers);
  if (env.storage instanceof LocalDiskStorage) app.use(localStorageRouter(env.storage).routes());
  app.use(webPagesRouter(webPagesDeps(env)).routes());
  const authenticate = bearerAuthentication({
    environment: env.environment,
    orm: env.orm,
    accessTokens,
    oauth2,
    customerSessions,
    limits,
  });
  const mountDeps = {
    orm: env.orm,
    idempotency: env.idempotency,
    bodyLimitBytes: env.config.BODY_LIMIT_BYTES,
    authenticate: authenticate.organization,
    authenticateCustomer: authenticate.customer,
    limitRoute: (ctx: Context, budget: RouteRateLimit) => limits.consumeRoute(budget, ctx.ip),
  };
  for (const route of routes) mountRoute(api, mountDeps, route);
  app.use(api.routes());
  app.use(
    api.allowedMethods({
      throw: true,
      methodNotAllowed: () => new MethodNotAllowed('Method not allowed on this path.'),
      notImplemented: () => new MethodNotAllowed('Method not implemented.'),
    }),
  );
  return app;
}

function webPagesDeps(env: EnvironmentContext) {
  const { config, environment, orm, domains } = env;
  return {
    environment,
    orm,
    checkouts: domains.checkouts,
    organizations: domains.organizations,
    stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
    sellerCountry: config.SELLER_COUNTRY,
    mediaOrigin: env.storage instanceof LocalDiskStorage ? null : (config.S3_PUBLIC_URL ?? null),
    metrics: domains.metrics,
    dashboardLinks: dashboardLinks(env),
  };
}

/** The signer of this environment's dashboard links (the CLI makes them with the same secret and public URL). */
export function dashboardLinks({
  config,
  environment,
  clock,
}: Pick<EnvironmentContext, 'config' | 'environment' | 'clock'>) {
  const publicUrl = config.publicUrls[environment];
  return new DashboardLinks({ clock, serverSecret: config.BURSAR_SECRET, environment, publicUrl });
}

async function probe(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch {
    return false;
  }
}
