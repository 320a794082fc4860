// What `bursar` prints for --help and after a usage error, and the error that makes it do so (exit code 2).

export const USAGE = `Usage: bursar <command> [options]

  start                                   Temporal dev server (unless TEMPORAL_ADDRESS is set), migrations, API and worker
  start --cluster                         the production topology: a Temporal cluster (4 service processes, PostgreSQL,
                                          4 history shards) and its Web UI, Redis, 2 workers, 2 API replicas per environment
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
  dashboard --organization ID_OR_SLUG [--expires-in SECONDS] [--env ENV]
                                          prints a signed link to the organization's metrics charts (MRR and its
                                          movements, revenue, subscriptions, churn), valid for an hour by default
  events partitions [--env ENV]           create this month's events partition and the next two's where missing; list them
  events detach-partitions --before YYYY-MM-DD [--drop] [--env ENV]
                                          detach the monthly events partitions that end on or before the date (their
                                          tables stay, out of every read, unless --drop); hourly meter rollups are kept

ENV defaults to production for organization, token and dashboard commands.`;

/** A command line the CLI cannot run: the message, then the usage (exit code 2). */
export class UsageError extends Error {}
