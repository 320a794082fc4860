// The metrics dashboard: `/dashboard/metrics?token=…` (the page) and `/dashboard/metrics/data?token=…&start_date=…`
// (its figures, the same as GET /v1/metrics/). The signed link is the only credential; it names the organization.
import type { Router } from '@koa/router';
import type { Context } from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import { MetricsQuery } from '../../contracts/metrics';
import type { MetricService } from '../../domains/metric';
import type { OrganizationService } from '../../domains/organization';
import { BursarError, NotPermitted, RequestValidationError, ResourceNotFound } from '../../kernel/errors';
import { textIssue } from '../../kernel/text';
import { parseInput } from '../../platform/http/parse-input';
import type { DashboardLinks } from './dashboard-link';
import type { PagePolicy } from './content-security-policy';
import { message, page } from './page-response';

interface DashboardDeps {
  environment: 'production' | 'sandbox';
  orm: MikroORM;
  organizations: OrganizationService;
  metrics: MetricService;
  dashboardLinks: DashboardLinks;
  policy: PagePolicy;
}

export function dashboardRoutes(router: Router, deps: DashboardDeps): void {
  // Renders the shell; a forged link is the page's 404, an expired one its 403 (never a lookup, never a 500).
  router.get('/dashboard/metrics', async (ctx) => {
    const grant = deps.dashboardLinks.grantOf(tokenOf(ctx));
    if ('refused' in grant) {
      return grant.refused === 'expired'
        ? message(ctx, 403, deps.policy, 'en', 'dashboard.expiredTitle', 'dashboard.expiredText')
        : message(ctx, 404, deps.policy, 'en', 'unavailable.notFoundTitle', 'dashboard.invalidText');
    }
    const organization = await deps.organizations
      .findOrganization(deps.orm.em.fork(), grant.organizationId)
      .catch(unlessNotFound);
    if (!organization)
      return message(ctx, 404, deps.policy, 'en', 'unavailable.notFoundTitle', 'dashboard.invalidText');
    await page(ctx, deps.policy, 'dashboard', {
      page: 'dashboard',
      locale: 'en',
      environment: deps.environment,
      token: tokenOf(ctx) as string,
      organization: { name: organization.name, slug: organization.slug },
    });
  });

  // Reads the metrics (one read-only transaction); the query is GET /v1/metrics/'s, refused the same way (422).
  router.get('/dashboard/metrics/data', async (ctx) => {
    const grant = deps.dashboardLinks.grantOf(tokenOf(ctx));
    if ('refused' in grant) {
      if (grant.refused === 'expired') throw new NotPermitted('This dashboard link has expired.');
      throw new ResourceNotFound('This dashboard link is not valid.');
    }
    const query = parseInput(MetricsQuery, metricsParams(ctx), 'query');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await deps.metrics.query(deps.orm.em.fork(), grant.organizationId, query);
  });
}

function tokenOf(ctx: Context): string | undefined {
  const token = ctx.query.token;
  return typeof token === 'string' ? token : undefined;
}

/** The query string as the contract reads it (every key a list of values), without the link's token. */
function metricsParams(ctx: Context): Record<string, string[]> {
  const params: Record<string, string[]> = Object.create(null);
  for (const [key, value] of new URLSearchParams(ctx.querystring)) {
    const issue = textIssue(key) ?? textIssue(value);
    if (issue) throw new RequestValidationError([{ loc: ['query', key], ...issue }]);
    if (key !== 'token') (params[key] ??= []).push(value);
  }
  return params;
}

function unlessNotFound(error: unknown): null {
  if (error instanceof BursarError && error.status === 404) return null;
  throw error;
}
