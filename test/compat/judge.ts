// Judges the run's recordings with every client: each response by the operation that serves it, each webhook by the
// client's validateEvent, at the moment it arrived. A failure names the client, the operation or event type, and where.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { EXCHANGES_FILE, WEBHOOKS_FILE, type RecordedExchange, type RecordedWebhook } from '../support/compat-recorder';
import { METRIC_SLUGS } from '../../src/domains/metric';
import type { Client } from './sdk-clients';

export interface Failure {
  client: string;
  subject: string;
  detail: string;
}

/** A value the client's enum does not have yet, which a newer client takes: the client is older than the API. */
export interface NewerValue {
  client: string;
  subject: string;
  values: string[];
}

export interface Verdicts {
  /** Per client: the operations and event types it checked, and what it refused. */
  operations: Map<string, Set<string>>;
  eventTypes: Map<string, Set<string>>;
  /** Event types a client does not know (newer than it): not the server's to fix, listed apart. */
  unknownTypes: Map<string, Set<string>>;
  exchanges: number;
  webhooks: number;
  /** Webhooks to receivers whose endpoint was made outside the API (no recorded secret), by receiver host. */
  unverifiable: Map<string, number>;
  failures: Failure[];
  newerValues: NewerValue[];
  /** Failures of a declared conflict (CONFLICTS). */
  conflicts: Failure[];
}

/**
 * Answers some clients refuse whatever a correct server does: the clients disagree among themselves, or with a
 * standard or a safety rule the reference follows too. Bursar answers as the newest client and the dated versions.
 */
export const CONFLICTS: readonly {
  operation: string;
  clients: readonly string[];
  when?(body: any): boolean;
  why: string;
}[] = [
  {
    operation: 'oauth2:clients:oauth2:delete_client',
    clients: ['0.32.16', '0.41.5', '0.42.5', '0.47.1'],
    why: 'they expect 200 with a JSON body; 0.49 and 1.x expect 204 with none',
  },
  {
    operation: 'orders:export',
    clients: ['0.41.5', '0.42.5'],
    why: 'they expect JSON; 0.47, 0.49 and 1.x read the CSV file it is',
  },
  {
    operation: 'subscriptions:export',
    clients: ['0.32.16', '0.41.5', '0.42.5'],
    why: 'they expect JSON; 0.47, 0.49 and 1.x read the CSV file it is',
  },
  {
    operation: 'customers:export',
    clients: ['0.41.5', '0.42.5'],
    why: 'they expect JSON; 0.47, 0.49 and 1.x read the CSV file it is',
  },
  {
    operation: 'metrics:get',
    clients: ['0.41.5'],
    when: (body) => Object.keys(body?.metrics ?? {}).length < METRIC_SLUGS.length,
    why: 'it requires every metric; a request that names some (`metrics`, a parameter it never sends) gets only those',
  },
  {
    operation: 'oauth2:introspect_token',
    clients: ['0.32.16', '0.41.5', '0.42.5', '0.47.1', '0.49.0'],
    when: (body) => body?.active === false,
    why: 'an unknown, expired or revoked token is {"active": false} alone (RFC 7662 §2.2); the clients have no inactive form',
  },
  ...['orders:get', 'orders:list'].map((operation) => ({
    operation,
    clients: ['0.41.5', '0.42.5'],
    when: (body: any) => [body, ...(body?.items ?? [])].some((order) => order?.status === 'void'),
    why: "a void order (a revoked subscription's unpaid one) postdates their status enum; 0.47+ know it",
  })),
  {
    operation: 'checkouts:client_confirm',
    clients: ['0.32.16', '0.41.5', '0.42.5'],
    when: (body) => body?.customer_session_token === null,
    why: 'a checkout that matched an existing customer by e-mail opens no portal session for whoever typed it; 0.47+ take null',
  },
];

/**
 * The run repeats itself (lists polled until a condition holds): per client, operation and status, one response of
 * each shape is judged — its key paths, value types and the short lower-case words among its values (the enums).
 */
function shapeOf(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => shapeOf(item, `${at}[]`)))];
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => shapeOf(item, `${at}.${key}`));
  const word = typeof value === 'string' && /^[a-z_]{1,32}$/.test(value) ? `=${value}` : '';
  return [`${at}:${value === null ? 'null' : typeof value}${word}`];
}

export function readRecordings(dir: string): { exchanges: RecordedExchange[]; webhooks: RecordedWebhook[] } {
  const lines = <T>(file: string): T[] =>
    existsSync(join(dir, file))
      ? readFileSync(join(dir, file), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as T)
      : [];
  return { exchanges: lines<RecordedExchange>(EXCHANGES_FILE), webhooks: lines<RecordedWebhook>(WEBHOOKS_FILE) };
}

export async function judge(
  clients: Client[],
  exchanges: RecordedExchange[],
  webhooks: RecordedWebhook[],
): Promise<Verdicts> {
  const verdicts: Verdicts = {
    operations: new Map(clients.map((c) => [c.version, new Set()])),
    eventTypes: new Map(clients.map((c) => [c.version, new Set()])),
    unknownTypes: new Map(clients.map((c) => [c.version, new Set()])),
    exchanges: 0,
    webhooks: 0,
    unverifiable: new Map(),
    failures: [],
    newerValues: [],
    conflicts: [],
  };
  // A path that is some client's literal path (`/v1/orders/export`) is never another's `{id}`.
  const literalPaths = new Set(
    clients.flatMap((c) => c.operations.filter((o) => !o.template.includes('{')).map((o) => o.template)),
  );
  const unversioned = exchanges.filter((exchange) => exchange.version === null);
  for (const client of clients) {
    const seen = new Set<string>();
    for (const exchange of unversioned) {
      const path = exchange.path.split('?')[0];
      const operation = client.operationFor(exchange.method, path);
      if (!operation || (literalPaths.has(path) && operation.template !== path)) continue;
      const key = `${operation.id} ${exchange.status} ${shapeOf(parsed(exchange.body)).sort().join(' ')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      verdicts.exchanges++;
      verdicts.operations.get(client.version)!.add(operation.id);
      const refusal = await refusalOf(operation, exchange);
      if (!refusal) continue;
      const subject = `${operation.id} (${exchange.method} ${path} → ${exchange.status})`;
      const newest = [...clients].reverse().find((c) => c.operationFor(exchange.method, path));
      const newer = newest && newest !== client && newerValuesOf(refusal, exchange);
      const newestTakes = newer && !(await refusalOf(newest.operationFor(exchange.method, path)!, exchange));
      const conflict = CONFLICTS.some(
        (c) =>
          c.operation === operation.id &&
          c.clients.includes(client.version) &&
          (c.when?.(parsed(exchange.body)) ?? true),
      );
      if (newer && newestTakes) verdicts.newerValues.push({ client: client.version, subject, values: newer });
      else
        (conflict ? verdicts.conflicts : verdicts.failures).push({
          client: client.version,
          subject,
          detail: describe(refusal),
        });
    }
  }
  const secrets = endpointSecrets(exchanges);
  for (const webhook of webhooks) {
    const known = secrets.get(new URL(webhook.url).host) ?? [];
    const { type = '(none)', api_version: version } = JSON.parse(webhook.body) as {
      type?: string;
      api_version?: string;
    };
    if (version !== undefined && version !== 'legacy') continue; // shaped for a dated version: no 0.x client reads it
    if (!known.length) {
      const host = new URL(webhook.url).host;
      verdicts.unverifiable.set(host, (verdicts.unverifiable.get(host) ?? 0) + 1);
      continue;
    }
    verdicts.webhooks++;
    for (const client of clients) {
      const refusal = atTime(webhook.at, () => validateWith(client, webhook, known));
      if (refusal === 'unknown type') {
        verdicts.unknownTypes.get(client.version)!.add(type);
        continue;
      }
      verdicts.eventTypes.get(client.version)!.add(type);
      if (!refusal) continue;
      const subject = `webhook ${type}`;
      const newest = clients[clients.length - 1];
      const newer = client !== newest && newerValuesOf(refusal, { body: webhook.body });
      if (newer && !atTime(webhook.at, () => validateWith(newest, webhook, known)))
        verdicts.newerValues.push({ client: client.version, subject, values: newer });
      else verdicts.failures.push({ client: client.version, subject, detail: describe(refusal) });
    }
  }
  return verdicts;
}

/** Why the client refuses the response, or null when it takes it as the operation's answer (or its declared error). */
async function refusalOf(operation: Client['operations'][number], exchange: RecordedExchange): Promise<unknown> {
  const empty = exchange.status === 204 || exchange.status === 304;
  const headers = exchange.contentType ? { 'content-type': exchange.contentType } : undefined;
  const response = new Response(empty ? null : exchange.body, { status: exchange.status, headers });
  const [result] = await operation.match(
    response,
    new Request(`http://bursar.test${exchange.path}`, { method: exchange.method }),
  );
  if (exchange.status < 400) return result.ok ? null : result.error;
  const error = result.error as Error | undefined;
  if (!error || !(isValidationError(error) || error.message.startsWith('Unexpected Status'))) return null;
  // Another error at a status the client gives one error class (a scope's 403 where it expects RefundedAlready): the
  // client reports it as a validation error whatever its shape; only a body of the class it expects must fit it.
  const otherError = issuesOf(error)?.some(
    (issue) => issue.path.length === 1 && issue.path[0] === 'error' && issue.code === 'invalid_value',
  );
  return otherError ? null : error;
}

/**
 * The values behind a refusal when each of its issues is a string the client's enum or literal lacks (not a missing
 * or mistyped field); false otherwise.
 */
function newerValuesOf(error: unknown, exchange: Pick<RecordedExchange, 'body'>): string[] | false {
  const issues = issuesOf(error);
  if (!issues?.length) return false;
  const body = parsed(exchange.body);
  const valueAt = (path: (string | number)[]) =>
    (path[0] === 'Result' ? path.slice(1) : path).reduce<unknown>(
      (at, key) => (at as Record<string | number, unknown> | undefined)?.[key],
      body,
    );
  const present = (issue: Flat) => valueAt(issue.path) !== null && valueAt(issue.path) !== undefined;
  // A value the client has no type for: an enum member or kind it predates, or a richer value (an object where it
  // knows a string). A null or a missing field is never that: it is the server's to fix.
  const newer = issues.filter(
    (issue) => ['invalid_value', 'invalid_type', 'invalid_union'].includes(issue.code ?? '') && present(issue),
  );
  // An object of a kind the client does not know fails every option of its union: the option's other issues (the
  // fields of the kind it was compared with) follow from that, and nothing else does.
  const excused = (issue: Flat) =>
    newer.includes(issue) || newer.some((of) => of.union !== undefined && of.union === issue.union);
  if (!newer.length || !issues.every(excused)) return false;
  const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value).slice(0, 40));
  return [
    ...new Set(
      newer.map(
        (issue) =>
          `${issue.path.filter((key) => typeof key === 'string' && key !== 'Result').join('.')}=${shown(valueAt(issue.path))}`,
      ),
    ),
  ];
}

/** A recorded body as JSON, or its text when it is none (an export's CSV). */
function parsed(body: string): unknown {
  try {
    return body ? (JSON.parse(body) as unknown) : null;
  } catch {
    return body;
  }
}

function validateWith(client: Client, webhook: RecordedWebhook, secrets: string[]): unknown {
  let last: unknown;
  for (const secret of secrets) {
    try {
      client.validateEvent(webhook.body, webhook.headers, secret);
      return null;
    } catch (error) {
      last = error;
      if (
        (error as Error).name !== 'WebhookVerificationError' &&
        !(error as Error).constructor.name.includes('Verification')
      )
        break;
    }
  }
  const cause = (last as { cause?: Error }).cause;
  if (cause instanceof Error && cause.message.startsWith('Unknown event type')) return 'unknown type';
  return last;
}

function isValidationError(error: unknown): boolean {
  return error instanceof Error && 'rawValue' in error && 'cause' in error;
}

/** The failing field paths of a client's validation error (the closest branch of a union), else its message. */
function describe(error: unknown): string {
  const issues = issuesOf(error);
  if (!issues) return error instanceof Error ? error.message.slice(0, 300) : String(error);
  const lines = issues.map(
    ({ path, message }) =>
      `${path.map((key) => (typeof key === 'number' ? '[]' : key)).join('.') || '(root)'}: ${message}`,
  );
  return [...new Set(lines)].slice(0, 6).join('; ');
}

function issuesOf(error: unknown): Flat[] | undefined {
  const issues = ((error as { cause?: unknown } | undefined)?.cause as { issues?: Issue[] } | undefined)?.issues;
  return issues && flatten(issues, []);
}

interface Issue {
  path: (string | number)[];
  message: string;
  code?: string;
  errors?: Issue[][];
  unionErrors?: { issues: Issue[] }[];
}

interface Flat {
  path: (string | number)[];
  message: string;
  code?: string;
  /** The union (its path) whose closest option the issue came from, if any. */
  union?: string;
}

function flatten(issues: Issue[], prefix: (string | number)[], union?: string): Flat[] {
  return issues.flatMap((issue) => {
    const branches = issue.errors ?? issue.unionErrors?.map((e) => e.issues);
    const path = [...prefix, ...issue.path];
    if (!branches?.length) return [{ path, message: issue.message, code: issue.code, union }];
    const closest = [...branches].sort((a, b) => a.length - b.length)[0];
    return flatten(closest, path, path.join('.'));
  });
}

/** Endpoint secrets by receiver (host), from the recorded endpoint creations and secret resets. */
function endpointSecrets(exchanges: RecordedExchange[]): Map<string, string[]> {
  const secrets = new Map<string, string[]>();
  for (const exchange of exchanges) {
    if (
      exchange.status >= 300 ||
      !/^\/v1\/webhooks\/endpoints(\/|$|\?)/.test(exchange.path) ||
      exchange.method === 'GET'
    )
      continue;
    const body = JSON.parse(exchange.body || 'null') as { url?: string; secret?: string } | null;
    if (!body?.url || !body.secret?.startsWith('whsec_') || body.secret.includes('*')) continue;
    const host = new URL(body.url).host;
    secrets.set(host, [...(secrets.get(host) ?? []), body.secret]);
  }
  return secrets;
}

/** Runs `check` with the clock at `at`, as the receiver's clock was when the webhook arrived. */
export function atTime<T>(at: number, check: () => T): T {
  const now = Date.now;
  Date.now = () => at;
  try {
    return check();
  } finally {
    Date.now = now;
  }
}
