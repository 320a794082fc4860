// `bursar <command>`: start the stack, run one process, migrate, create organizations and access tokens.
import { parseArgs } from 'node:util';
import { Connection } from '@temporalio/client';
import { isScope, type Scope } from '../domains/organization';
import { BursarError } from '../kernel/errors';
import { ENVIRONMENTS, loadConfig, type Config, type Environment } from './config';
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
  organization create --name NAME [--slug SLUG] [--env ENV]
  organization invoicing --organization ID_OR_SLUG [--numbering customer|organization] [--prefix PREFIX] [--env ENV]
                                          how invoice numbers read: per customer (default) or per organization, and their prefix
  organization portal --organization ID_OR_SLUG [--update-plan true|false] [--update-seats true|false] [--env ENV]
                                          whether customers may change their subscription's product or seats in the portal
  token create --organization ID_OR_SLUG --scopes a:read,b:write [--comment TEXT] [--env ENV]
                                          prints the organization access token once
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
      if (subcommand === 'invoicing') {
        if (!values.organization) throw new UsageError('organization invoicing needs --organization');
        return setInvoicing(config, singleEnvironment(values.env), values.organization, { numbering: values.numbering, prefix: values.prefix });
      }
      if (subcommand === 'portal') {
        if (!values.organization) throw new UsageError('organization portal needs --organization');
        const settings = { updatePlan: flag('--update-plan', values['update-plan']), updateSeats: flag('--update-seats', values['update-seats']) };
        return setPortalSettings(config, singleEnvironment(values.env), values.organization, settings);
      }
      if (subcommand !== 'create' || !values.name) throw new UsageError('organization create needs --name');
      return createOrganization(config, singleEnvironment(values.env), values.name, values.slug);
    case 'events':
      if (subcommand === 'partitions') return eventPartitionsCommand(config, singleEnvironment(values.env));
      if (subcommand === 'detach-partitions') {
        const before = values.before && /^\d{4}-\d{2}-\d{2}$/.test(values.before) ? new Date(`${values.before}T00:00:00Z`) : null;
        if (!before || Number.isNaN(before.getTime())) throw new UsageError('events detach-partitions needs --before YYYY-MM-DD');
        return detachPartitionsCommand(config, singleEnvironment(values.env), before, values.drop ?? false);
      }
      throw new UsageError('events needs partitions or detach-partitions');
    case 'token':
      if (subcommand !== 'create' || !values.organization || !values.scopes) throw new UsageError('token create needs --organization and --scopes');
      return createToken(config, singleEnvironment(values.env), values.organization, parseScopes(values.scopes), values.comment);
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
  if (!(ENVIRONMENTS as readonly string[]).includes(value)) throw new UsageError(`--env must be one of ${ENVIRONMENTS.join(', ')}`);
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

async function withEnvironment<T>(config: Config, environment: Environment, work: (env: Awaited<ReturnType<typeof openEnvironment>>) => Promise<T>) {
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

async function createOrganization(config: Config, environment: Environment, name: string, slug?: string) {
  await withEnvironment(config, environment, async (env) => {
    const organization = await inTransaction(env.orm, (tx) => env.domains.organizations.createOrganization(tx.em, { name, slug }));
    console.log(JSON.stringify({ environment, id: organization.id, name: organization.name, slug: organization.slug }, null, 2));
  });
}

async function setInvoicing(config: Config, environment: Environment, organization: string, settings: { numbering?: string; prefix?: string }) {
  await withEnvironment(config, environment, async (env) => {
    const updated = await inTransaction(env.orm, (tx) => env.domains.organizations.setInvoicing(tx.em, organization, settings));
    const { id, invoiceNumbering, customerInvoicePrefix } = updated;
    console.log(JSON.stringify({ environment, id, invoice_numbering: invoiceNumbering, customer_invoice_prefix: customerInvoicePrefix }, null, 2));
  });
}

async function setPortalSettings(config: Config, environment: Environment, organization: string, settings: { updatePlan?: boolean; updateSeats?: boolean }) {
  await withEnvironment(config, environment, async (env) => {
    const updated = await inTransaction(env.orm, (tx) => env.domains.organizations.setPortalSettings(tx.em, organization, settings));
    const { id, customerPortalUpdatePlan, customerPortalUpdateSeats } = updated;
    console.log(JSON.stringify({ environment, id, update_plan: customerPortalUpdatePlan, update_seats: customerPortalUpdateSeats }, null, 2));
  });
}

async function createToken(config: Config, environment: Environment, organization: string, scopes: Scope[], comment?: string) {
  await withEnvironment(config, environment, async (env) => {
    const { token, accessToken } = await inTransaction(env.orm, async (tx) => {
      const org = await env.domains.organizations.findOrganization(tx.em, organization);
      return env.domains.organizations.createAccessToken(tx.em, { organizationId: org.id, scopes, comment });
    });
    console.error(`Organization access token ${accessToken.id} (${environment}), scopes: ${accessToken.scopes.join(' ')}`);
    console.error('It is shown only this once; store it now.');
    console.log(token);
  });
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
