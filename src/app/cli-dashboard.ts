// `bursar dashboard`: a short-lived signed link to an organization's metrics page, printed on stdout.
import { systemClock } from '../kernel/clock';
import type { Config, Environment } from '../platform/config';
import { withEnvironment } from './cli-environment';
import { dashboardLinks } from './http/app';

/** The link to the organization's (id or slug) metrics, valid `expiresInSeconds` (default: an hour). */
export async function dashboardLink(
  config: Config,
  environment: Environment,
  organization: string,
  expiresInSeconds?: number,
): Promise<{ url: string; expiresAt: Date }> {
  return withEnvironment(config, environment, async (env) => {
    const org = await env.domains.organizations.findOrganization(env.orm.em.fork(), organization);
    return dashboardLinks({ config, environment, clock: systemClock }).link(org.id, expiresInSeconds);
  });
}

export async function printDashboardLink(
  config: Config,
  environment: Environment,
  organization: string,
  expiresInSeconds?: number,
) {
  const { url, expiresAt } = await dashboardLink(config, environment, organization, expiresInSeconds);
  console.error(`Metrics dashboard (${environment}), valid until ${expiresAt.toISOString()}:`);
  console.log(url);
}
