// An organization's state in one environment as one digest per table: every row of every table with an
// `organization_id` column (found in the schema, so new tables are covered), less what background work owns.
import type { EnvironmentContext } from '../../src/app/environment';
import { WORKFLOW_TYPES } from '../../workflows/definitions';

/**
 * Written by the worker and the outbox relay after a request, or by its authentication whatever its answer (a wrong
 * e-mailed code is counted, and past the limit uses the code up, as it is refused).
 */
const BACKGROUND_TABLES = new Set(['webhook_delivery', 'webhook_attempt']);
const BACKGROUND_COLUMNS: Record<string, string[]> = {
  outbox_message: ['dispatched_at', 'attempts', 'last_error'],
  webhook_endpoint: ['consecutive_failures', 'enabled', 'disabled_reason', 'modified_at'],
  email_message: ['status', 'attempts', 'last_error', 'sent_at', 'sealed_params'],
  organization_access_token: ['last_used_at'],
  customer_login_code: ['failed_attempts', 'used_at'],
};
/** Rows the webhook deliveries write while they work: a batch hands what it could not settle to its own flow. */
const BACKGROUND_ROWS: Record<string, string> = {
  outbox_message: `not (kind = 'workflow_start' and payload->>'workflowType' in ('${WORKFLOW_TYPES.webhookDelivery}', '${WORKFLOW_TYPES.webhookEndpoint}'))`,
};

/** Flows a request starts that write to the organization's rows and then end (the long-lived ones only wait). */
const SHORT_FLOWS = [
  WORKFLOW_TYPES.order,
  WORKFLOW_TYPES.invoice,
  WORKFLOW_TYPES.receipt,
  WORKFLOW_TYPES.refund,
  WORKFLOW_TYPES.email,
  WORKFLOW_TYPES.benefitGrant,
  WORKFLOW_TYPES.grantFanOut,
  WORKFLOW_TYPES.meterRollups,
];

export type OrgState = Record<string, string>;

export interface OrgStateReader {
  read(organizationId: string): Promise<OrgState>;
  /**
   * Sends a request and, when it is refused (4xx), reads the state again: `before` is the state the last refusal
   * left (a refusal must not change it) unless an answer since may have, and is read then.
   */
  watch<R extends { status: number }>(
    organizationId: string,
    send: () => Promise<R>,
  ): Promise<{ response: R; before: OrgState; after?: OrgState }>;
  /** Something else may have changed the organization's rows: the next `watch` reads its `before`. */
  forget(organizationId: string): void;
  /**
   * Waits until background work (workflows, relays) stops changing the organization's rows, for at most `timeoutMs`;
   * until it has, the state before each request is read again.
   */
  settle(organizationId: string, timeoutMs?: number): Promise<void>;
}

export async function orgStateReader(env: EnvironmentContext): Promise<OrgStateReader> {
  const connection = () => env.orm.em.fork().getConnection();
  const tables: { table_name: string }[] = await connection().execute(
    // partitions (the events' months) are read through their parent table, which a detach or a drop cannot take away
    `select distinct c.table_name from information_schema.columns c
     join pg_class k on k.relname = c.table_name and k.relnamespace = 'public'::regnamespace
     where c.table_schema = 'public' and c.column_name = 'organization_id' and not k.relispartition order by c.table_name`,
  );
  const digests = tables
    .map((t) => t.table_name)
    .filter((table) => !BACKGROUND_TABLES.has(table))
    .map((table) => {
      const row = ['x', ...(BACKGROUND_COLUMNS[table] ?? [])]
        .map((column, i) => (i ? `'${column}'` : 'to_jsonb(x)'))
        .join(' - ');
      return `select '${table}' as name, md5(coalesce(string_agg((${row})::text, '|' order by (${row})::text), '')) as digest
              from "${table}" x where organization_id = $1${table in BACKGROUND_ROWS ? ` and ${BACKGROUND_ROWS[table]}` : ''}`;
    });
  digests.push(
    `select 'organization', md5(coalesce(string_agg(to_jsonb(x)::text, '|'), '')) from organization x where id = $1`,
  );
  const sql = digests.join('\nunion all\n');

  const read = async (organizationId: string): Promise<OrgState> => {
    const rows: { name: string; digest: string }[] = await connection().execute(
      sql.replaceAll('$1', '?'),
      Array(digests.length).fill(organizationId),
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
  };
  /** Work a request left to do in the background: outbox rows not dispatched yet, short flows (documents, refunds) still running. */
  const pendingWork = async (organizationId: string): Promise<boolean> => {
    const [{ count }] = await connection().execute<{ count: string }[]>(
      'select count(*) as count from outbox_message where organization_id = ? and dispatched_at is null',
      [organizationId],
    );
    if (Number(count) > 0) return true;
    const types = SHORT_FLOWS.map((type) => `'${type}'`).join(', ');
    const running = await env.temporal.workflow.count(
      `OrganizationId = '${organizationId}' AND ExecutionStatus = 'Running' AND WorkflowType IN (${types})`,
    );
    return running.count > 0;
  };
  const known = new Map<string, OrgState>();
  /** Organizations whose background work did not settle in time: their state is read before every request. */
  const unsettled = new Set<string>();
  return {
    read,
    async watch(organizationId, send) {
      const before = known.get(organizationId) ?? (await read(organizationId));
      known.delete(organizationId);
      const response = await send();
      if (response.status < 400 || response.status >= 500) return { response, before };
      const after = await read(organizationId);
      if (!unsettled.has(organizationId)) known.set(organizationId, after);
      return { response, before, after };
    },
    forget: (organizationId) => void known.delete(organizationId),
    async settle(organizationId, timeoutMs = 15_000) {
      known.delete(organizationId);
      unsettled.add(organizationId);
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && (await pendingWork(organizationId)))
        await new Promise((resolve) => setTimeout(resolve, 100));
      let previous = await read(organizationId);
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        const current = await read(organizationId);
        if (changedTables(previous, current).length === 0) return void unsettled.delete(organizationId);
        previous = current;
      }
    },
  };
}

export function changedTables(before: OrgState, after: OrgState): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}
