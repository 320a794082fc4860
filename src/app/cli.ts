// `bursar <command>`: start the stack, run one process, migrate, create organizations and access tokens.
import { parseArgs } from 'node:util';
import { Connection } from '@temporalio/client';
import { OrganizationUpdate } from '../contracts/organization';
import {
  accessTokenOutput,
  isScope,
  organizationOutput,
  type AccessTokenInput,
  type Scope,
} from '../domains/organization';
import { MAX_PAGE_LIMIT } from '../kernel/pagination';
import { BursarError } from '../kernel/errors';
import { ENVIRONMENTS, loadConfig, type Config, type Environment } from '../platform/config';
import { closeEnvironment, openEnvironment } from './environment';
import { migrate } from './database';
import { createEventPartitions, detachEventPartitions, eventPartitions } from '../adapters/events/event-partitions';
import { inTransaction } from '../platform/database/transaction';
import { runApi } from './api';
import { runStack } from './stack';
import { setUp } from './setup';
import { runWorker } from './worker';

const USAGE = `Usage: bursar <command> [options]

  start                                   Temporal dev server (unless TEMPORAL_ADDRESS is set), migrations, API and worker
  api    [--env production|sandbox|all]   the HTTP API alone (default: all)
  worker [--env production|sandbox|all]   the Temporal worker alone (default: all)
  migrate [--env production|sandbox|all]  create the databases if needed and apply migrations (default: all)
  setup                                   migrate both databases and register the Temporal namespaces and search attributes
  organization create --name NAME [--slug SLUG] [--owner-email ADDRESS] [--env ENV]
  organization update --organization ID_OR_SLUG [--name NAME] [--slug SLUG] [--owner-email ADDRESS]
                      [--numbering customer|organization] [--prefix PREFIX] [--proration invoice|prorate|next_period]
                      [--allow-customer-updates true|false] [--update-plan true|false] [--update-seats true|false] [--env ENV]
                                          what PATCH /v1/organizations/{id} changes: invoice numbers per customer (default) or
                                          per organization and their prefix; the default proration of subscription changes;
                                          what customers may change of their subscriptions in the portal
                                          (\`organization invoicing\` and \`organization portal\` are the same command)
  token create --organization ID_OR_SLUG --scopes a:read,b:write [--comment TEXT] [--expires-in SECONDS] [--env ENV]
                                          prints the organization access token once
  token list --organization ID_OR_SLUG [--env ENV]
  token revoke --organization ID_OR_SLUG --id TOKEN_ID [--env ENV]
  events partitions [--env ENV]           create this month's events partition and the next two's where missing; list them
  events detach-partitions --before YYYY-MM-DD [--drop] [--env ENV]
                                          detach the monthly events partitions that end on or before the date (their
                                          tables stay, out of every read, unless --drop); hourly meter rollups are kept

ENV defaults to production for organization and token commands.`;

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      env: { type: 'string' },
      name: { type: 'string' },
      slug: { type: 'string' },
      organization: { type: 'string' },
      scopes: { type: 'string' },
      comment: { type: 'string' },
      numbering: { type: 'string' },
      prefix: { type: 'string' },
      'update-plan': { type: 'string' },
      'update-seats': { type: 'string' },
      'owner-email': { type: 'string' },
      proration: { type: 'string' },
      'allow-customer-updates': { type: 'string' },
      'expires-in': { type: 'string' },
      id: { type: 'string' },
      before: { type: 'string' },
      drop: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, subcommand] = positionals;
  if (values.help || !command) return console.log(USAGE);
  const config = loadConfig();

  switch (command) {
    case 'start':
      return runStack(config);
    case 'api':
      return runApi(config, environmentsOf(values.env));
    case 'worker':
      return runWorker(config, environmentsOf(values.env));
    case 'migrate':
      for (const environment of environmentsOf(values.env)) {
        const applied = await migrate(config.databaseUrls[environment]);
        console.log(`${environment}: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
      }
      return;
    case 'setup':
      return setUp(config);
    case 'organization':
      if (subcommand === 'create') {
        if (!values.name) throw new UsageError('organization create needs --name');
        return createOrganization(config, singleEnvironment(values.env), {
          name: values.name,
          slug: values.slug,
          ownerEmail: values['owner-email'],
        });
      }
      if (subcommand && ['update', 'invoicing', 'portal'].includes(subcommand)) {
        if (!values.organization) throw new UsageError(`organization ${subcommand} needs --organization`);
        return updateOrganization(
          config,
          singleEnvironment(values.env),
          values.organization,
          organizationUpdate(values),
        );
      }
      throw new UsageError('organization needs create or update');
    case 'events':
      if (subcommand === 'partitions') return eventPartitionsCommand(config, singleEnvironment(values.env));
      if (subcommand === 'detach-partitions') {
        const before =
          values.before && /^\d{4}-\d{2}-\d{2}$/.test(values.before) ? new Date(`${values.before}T00:00:00Z`) : null;
        if (!before || Number.isNaN(before.getTime()))
          throw new UsageError('events detach-partitions needs --before YYYY-MM-DD');
        return detachPartitionsCommand(config, singleEnvironment(values.env), before, values.drop ?? false);
      }
      throw new UsageError('events needs partitions or detach-partitions');
    case 'token':
      if (!values.organization) throw new UsageError(`token ${subcommand ?? ''} needs --organization`);
      if (subcommand === 'create') {
        if (!values.scopes) throw new UsageError('token create needs --organization and --scopes');
        const expiresInSeconds =
          values['expires-in'] === undefined ? null : positiveInteger('--expires-in', values['expires-in']);
        const input = { scopes: parseScopes(values.scopes), comment: values.comment, expiresInSeconds };
        return createToken(config, singleEnvironment(values.env), values.organization, input);
      }
      if (subcommand === 'list') return listTokens(config, singleEnvironment(values.env), values.organization);
      if (subcommand === 'revoke') {
        if (!values.id) throw new UsageError('token revoke needs --id');
        return revokeToken(config, singleEnvironment(values.env), values.organization, values.id);
      }
      throw new UsageError('token needs create, list or revoke');
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

class UsageError extends Error {}

function environmentsOf(value: string | undefined): Environment[] {
  if (!value || value === 'all') return [...ENVIRONMENTS];
  return [singleEnvironment(value)];
}

function singleEnvironment(value = 'production'): Environment {
  if (!(ENVIRONMENTS as readonly string[]).includes(value))
    throw new UsageError(`--env must be one of ${ENVIRONMENTS.join(', ')}`);
  return value as Environment;
}

function flag(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw new UsageError(`${name} must be true or false`);
  return value === 'true';
}

function parseScopes(value: string): Scope[] {
  const scopes = value.split(/[,\s]+/).filter(Boolean);
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (unknown.length) throw new UsageError(`unknown scopes: ${unknown.join(', ')}`);
  return scopes as Scope[];
}

async function withEnvironment<T>(
  config: Config,
  environment: Environment,
  work: (env: Awaited<ReturnType<typeof openEnvironment>>) => Promise<T>,
) {
  await migrate(config.databaseUrls[environment]);
  // Organization and token commands only touch PostgreSQL: the Temporal connection is never opened.
  const connection = Connection.lazy({ address: config.temporalAddress });
  const env = await openEnvironment(config, environment, connection);
  try {
    return await work(env);
  } finally {
    await closeEnvironment(env);
  }
}

async function createOrganization(
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

/** The flags as the body of PATCH /v1/organizations/{id}, checked by the same contract. */
function organizationUpdate(values: Record<string, string | boolean | undefined>): OrganizationUpdate {
  const text = (name: string) => values[name] as string | undefined;
  const portal = {
    update_plan: flag('--update-plan', text('update-plan')),
    update_seats: flag('--update-seats', text('update-seats')),
  };
  const parsed = OrganizationUpdate.safeParse({
    name: text('name'),
    slug: text('slug'),
    owner_email: text('owner-email'),
    invoice_numbering: text('numbering'),
    customer_invoice_prefix: text('prefix'),
    subscription_settings: {
      proration_behavior: text('proration'),
      allow_customer_updates: flag('--allow-customer-updates', text('allow-customer-updates')),
    },
    customer_portal_settings: { subscription: portal },
  });
  if (!parsed.success) {
    const flags: Record<string, string> = {
      owner_email: 'owner-email',
      invoice_numbering: 'numbering',
      customer_invoice_prefix: 'prefix',
      proration_behavior: 'proration',
    };
    const issue = parsed.error.issues[0];
    const field = String(issue.path.at(-1));
    throw new UsageError(`--${flags[field] ?? field}: ${issue.message}`);
  }
  return parsed.data;
}

async function updateOrganization(
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

async function createToken(config: Config, environment: Environment, organization: string, input: AccessTokenInput) {
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

async function listTokens(config: Config, environment: Environment, organization: string) {
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

async function revokeToken(config: Config, environment: Environment, organization: string, id: string) {
  await withEnvironment(config, environment, async (env) => {
    await inTransaction(env.orm, async (tx) => {
      const org = await env.domains.organizations.findOrganization(tx.em, organization);
      await env.domains.accessTokens.revoke(tx.em, org.id, id);
    });
    console.log(JSON.stringify({ environment, id, revoked: true }, null, 2));
  });
}

function positiveInteger(name: string, value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new UsageError(`${name} must be a whole number of seconds`);
  return Number(value);
}

async function eventPartitionsCommand(config: Config, environment: Environment) {
  await withEnvironment(config, environment, async (env) => {
    const created = await createEventPartitions(env.orm, new Date());
    console.log(JSON.stringify({ environment, created, partitions: await eventPartitions(env.orm) }, null, 2));
  });
}

async function detachPartitionsCommand(config: Config, environment: Environment, before: Date, drop: boolean) {
  await withEnvironment(config, environment, async (env) => {
    const detached = await detachEventPartitions(env.orm, before, drop);
    console.log(JSON.stringify({ environment, [drop ? 'dropped' : 'detached']: detached }, null, 2));
  });
}

main(process.argv.slice(2)).catch((error) => {
  if (error instanceof UsageError) console.error(`bursar: ${error.message}\n\n${USAGE}`);
  else console.error(error instanceof BursarError ? `bursar: ${error.message}` : error);
  process.exit(error instanceof UsageError ? 2 : 1);
});
