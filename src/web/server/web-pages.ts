// The hosted pages, served by the API process beside /v1: a checkout at its `url`, its confirmation (the default
// `success_url`), an organization's customer portal, a pay link's page and the metrics dashboard (dashboard-routes.ts).
// Each page is a small HTML shell; the bundled script renders it from the public client endpoints. Pages carry a
// strict Content-Security-Policy and are never cached.
import { Router } from '@koa/router';
import type { Context, Next } from 'koa';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { BursarError } from '../../kernel/errors';
import { textIssue } from '../../kernel/text';
import type { Checkout, CheckoutService } from '../../domains/checkout';
import type { MetricService } from '../../domains/metric';
import type { OrganizationService } from '../../domains/organization';
import type { PageBoot } from '../client/shared/boot';
import { pageLocale, translate } from '../client/strings';
import type { PagePolicy } from './content-security-policy';
import { dashboardRoutes } from './dashboard-routes';
import type { DashboardLinks } from './dashboard-link';
import { message, notFound, page } from './page-response';
import { webBundle } from './web-bundle';

export interface WebPagesDeps {
  environment: 'production' | 'sandbox';
  orm: MikroORM;
  checkouts: CheckoutService;
  organizations: OrganizationService;
  /** Production card fields are Stripe Elements with this key; the sandbox takes test cards. */
  stripePublishableKey: string | null;
  /** The seller of record's country (the tax engine's), for the checkout's reverse-charge wording. */
  sellerCountry: string;
  /** Product media served from elsewhere than this server (an S3 bucket's public URL). */
  mediaOrigin: string | null;
  metrics: MetricService;
  dashboardLinks: DashboardLinks;
}

export function webPagesRouter(deps: WebPagesDeps): Router {
  const router = new Router();
  const stripe = deps.environment === 'production' && deps.stripePublishableKey !== null;
  const policy = (embedOrigin: string | null = null): PagePolicy => ({
    embedOrigin,
    mediaOrigin: deps.mediaOrigin,
    stripe,
  });
  // A path parameter that cannot be stored (a NUL) names nothing: the page's 404, before any lookup refuses it.
  const storableParams = (ctx: Context, next: Next) => {
    const unstorable = Object.values(ctx.params).some((value) => textIssue(String(value)));
    return unstorable ? notFound(ctx, policy()) : next();
  };

  router.get('/assets/:name', storableParams, async (ctx) => {
    const asset = (await webBundle()).files.get(ctx.params.name);
    if (!asset) return notFound(ctx, policy());
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = asset.contentType;
    ctx.body = Buffer.from(asset.body);
  });

  router.get('/checkout/:client_secret', storableParams, async (ctx) => {
    const em = deps.orm.em.fork();
    const checkout = await findCheckout(em, deps.checkouts, ctx.params.client_secret);
    if (!checkout) return notFound(ctx, policy());
    const locale = pageLocale(checkout.locale);
    const framing = policy(checkout.embedOrigin);
    if (await expired(em, deps.checkouts, checkout))
      return message(ctx, 410, framing, locale, 'unavailable.expiredTitle', 'unavailable.expiredText');
    if (checkout.status === 'failed')
      return message(ctx, 200, framing, locale, 'unavailable.failedTitle', 'unavailable.failedText');
    if (checkout.status !== 'open') {
      const link = {
        href: `/checkout/${encodeURIComponent(checkout.clientSecret)}/confirmation`,
        label: translate(locale, 'unavailable.completedLink'),
      };
      return message(ctx, 200, framing, locale, 'unavailable.completedTitle', 'unavailable.completedText', link);
    }
    await page(ctx, framing, 'checkout', { page: 'checkout', ...checkoutBoot(deps, checkout, stripe) });
  });

  router.get('/checkout/:client_secret/confirmation', storableParams, async (ctx) => {
    const checkout = await findCheckout(deps.orm.em.fork(), deps.checkouts, ctx.params.client_secret);
    if (!checkout) return notFound(ctx, policy());
    await page(ctx, policy(checkout.embedOrigin), 'confirmation', {
      page: 'confirmation',
      ...checkoutBoot(deps, checkout, stripe),
    });
  });

  router.get('/portal/:slug', storableParams, async (ctx) => {
    const organization = await deps.organizations
      .findOrganization(deps.orm.em.fork(), ctx.params.slug)
      .catch(unlessNotFound);
    if (organization?.slug !== ctx.params.slug)
      return message(ctx, 404, policy(), 'en', 'unavailable.notFoundTitle', 'unavailable.portalNotFoundText');
    const boot: PageBoot = {
      page: 'portal',
      locale: 'en',
      environment: deps.environment,
      organization: { id: organization.id, name: organization.name, slug: organization.slug },
    };
    await page(ctx, policy(), 'portal', boot);
  });
  // A pay link: the page reads and pays its one order through the link's token (the API checks it).
  router.get('/pay/:token', storableParams, async (ctx) => {
    await page(ctx, policy(), 'pay', {
      page: 'pay',
      locale: 'en',
      environment: deps.environment,
      token: ctx.params.token,
      stripePublishableKey: stripe ? deps.stripePublishableKey : null,
    });
  });
  dashboardRoutes(router, { ...deps, policy: policy() });
  return router;
}

function checkoutBoot(deps: WebPagesDeps, checkout: Checkout, stripe: boolean) {
  return {
    locale: pageLocale(checkout.locale),
    environment: deps.environment,
    clientSecret: checkout.clientSecret,
    stripePublishableKey: stripe ? deps.stripePublishableKey : null,
    sellerCountry: deps.sellerCountry,
  };
}

async function findCheckout(
  em: EntityManager,
  checkouts: CheckoutService,
  clientSecret: string,
): Promise<Checkout | null> {
  return checkouts.getBySecret(em, clientSecret).catch(unlessNotFound);
}

/** A 404 from a lookup becomes null; anything else (the database down) still fails the request. */
function unlessNotFound(error: unknown): null {
  if (error instanceof BursarError && error.status === 404) return null;
  throw error;
}

async function expired(em: EntityManager, checkouts: CheckoutService, checkout: Checkout): Promise<boolean> {
  if (checkout.status !== 'open' && checkout.status !== 'expired') return false;
  return checkouts.assertNotExpired(em, checkout).then(
    () => false,
    (error: unknown) => (error instanceof BursarError && error.status === 410 ? true : Promise.reject(error)),
  );
}
