// `bursar <command>`: start the stack, run one process, migrate, create organizations and access tokens, link to
// an organization's metrics dashboard.
import { parseArgs } from 'node:util';
import { BursarError } from '../kernel/errors';
import { loadConfig } from '../platform/config';
import { migrate } from './database';
import { runApi } from './api';
import { runStack } from './stack';
import { runClusterStack } from './cluster/run-cluster';
import { setUp } from './setup';
import { runWorker } from './worker';
import { printDashboardLink } from './cli-dashboard';
import { detachPartitionsCommand, eventPartitionsCommand } from './cli-events';
import { environmentsOf, organizationUpdate, parseScopes, positiveInteger, singleEnvironment } from './cli-options';
import { createOrganization, updateOrganization } from './cli-organization';
import { createToken, listTokens, revokeToken } from './cli-tokens';
import { USAGE, UsageError } from './cli-usage';

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
      cluster: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, subcommand] = positionals;
  if (values.help || !command) return console.log(USAGE);
  const config = loadConfig();

  switch (command) {
    case 'start':
      return values.cluster ? runClusterStack() : runStack(config);
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
    case 'dashboard': {
      if (!values.organization) throw new UsageError('dashboard needs --organization');
      const expiresIn =
        values['expires-in'] === undefined ? undefined : positiveInteger('--expires-in', values['expires-in']);
      return printDashboardLink(config, singleEnvironment(values.env), values.organization, expiresIn);
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

main(process.argv.slice(2)).catch((error) => {
  if (error instanceof UsageError) console.error(`bursar: ${error.message}\n\n${USAGE}`);
  else if (error instanceof BursarError)
    console.error(
      `bursar: ${typeof error.detail === 'string' ? error.detail : error.detail.map((i) => i.msg).join('; ')}`,
    );
  else console.error(error);
  process.exit(error instanceof UsageError ? 2 : 1);
});
