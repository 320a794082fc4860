// `bursar token create|list|revoke`: an organization's access tokens (a new token is printed once, on stdout).
import { accessTokenOutput, type AccessTokenInput } from '../domains/organization';
import { MAX_PAGE_LIMIT } from '../kernel/pagination';
import { inTransaction } from '../platform/database/transaction';
import type { Config, Environment } from '../platform/config';
import { withEnvironment } from './cli-environment';

export async function createToken(
  config: Config,
  environment: Environment,
  organization: string,
  input: AccessTokenInput,
) {
  await withEnvironment(config, environment, async (env) => {
    const { token, accessToken } = await inTransaction(env.orm, async (tx) => {
      const org = await env.domains.organizations.findOrganization(tx.em, organization);
      return env.domains.accessTokens.create(tx.em, org.id, input);
    });
    console.error(
      `Organization access token ${accessToken.id} (${environment}), scopes: ${accessToken.scopes.join(' ')}`,
    );
    console.error('It is shown only this once; store it now.');
    console.log(token);
  });
}

export async function listTokens(config: Config, environment: Environment, organization: string) {
  await withEnvironment(config, environment, async (env) => {
    const org = await env.domains.organizations.findOrganization(env.orm.em.fork(), organization);
    const items = [];
    for (let page = 1, more = true; more; page++) {
      const listed = await env.domains.accessTokens.list(env.orm.em.fork(), org.id, { page, limit: MAX_PAGE_LIMIT });
      items.push(...listed.items.map(accessTokenOutput));
      more = page < listed.pagination.max_page;
    }
    console.log(JSON.stringify({ environment, items }, null, 2));
  });
}

export async function revokeToken(config: Config, environment: Environment, organization: string, id: string) {
  await withEnvironment(config, environment, async (env) => {
    await inTransaction(env.orm, async (tx) => {
      const org = await env.domains.organizations.findOrganization(tx.em, organization);
      await env.domains.accessTokens.revoke(tx.em, org.id, id);
    });
    console.log(JSON.stringify({ environment, id, revoked: true }, null, 2));
  });
}
