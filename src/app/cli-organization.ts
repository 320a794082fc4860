// `bursar organization create|update`: the organization written in one transaction and printed as JSON.
import type { OrganizationUpdate } from '../contracts/organization-update';
import { organizationOutput } from '../domains/organization';
import { inTransaction } from '../platform/database/transaction';
import type { Config, Environment } from '../platform/config';
import { withEnvironment } from './cli-environment';

export async function createOrganization(
  config: Config,
  environment: Environment,
  input: { name: string; slug?: string; ownerEmail?: string },
) {
  await withEnvironment(config, environment, async (env) => {
    const organization = await inTransaction(env.orm, (tx) =>
      env.domains.organizations.createOrganization(tx.em, input),
    );
    console.log(
      JSON.stringify({ environment, id: organization.id, name: organization.name, slug: organization.slug }, null, 2),
    );
  });
}

export async function updateOrganization(
  config: Config,
  environment: Environment,
  organization: string,
  body: OrganizationUpdate,
) {
  await withEnvironment(config, environment, async (env) => {
    const updated = await inTransaction(env.orm, (tx) => env.domains.organizations.update(tx, organization, body));
    console.log(JSON.stringify({ environment, ...organizationOutput(updated) }, null, 2));
  });
}
