// The delivery log: every attempt with its event and its delivery's outcome, filtered and paged.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookDelivery as AttemptOutput, WebhookDeliveryListQuery, WebhookEventType } from '../../contracts/webhook';
import { pageOffset, paginationOf, type Pagination } from '../../kernel/pagination';

interface AttemptRow {
  id: string;
  created_at: Date;
  succeeded: boolean;
  http_code: number | null;
  response: string | null;
  error: string | null;
  attempt: number;
  duration_ms: number;
  endpoint_id: string;
  event_id: string;
  event_type: WebhookEventType;
  event_created_at: Date;
  payload: { type: string; timestamp: string; data: unknown };
  delivery_status: string;
  delivery_last_http_code: number | null;
  delivery_modified_at: Date | null;
  total: number;
}

export class WebhookLogService {
  async list(em: EntityManager, organizationId: string, query: WebhookDeliveryListQuery): Promise<{ items: AttemptOutput[]; pagination: Pagination }> {
    const where: string[] = ['a.organization_id = ?'];
    const params: unknown[] = [organizationId];
    const add = (clause: string, ...values: unknown[]) => {
      where.push(clause);
      params.push(...values);
    };
    if (query.endpoint_id) add('a.endpoint_id = any(?::uuid[])', query.endpoint_id);
    if (query.event_type) add('a.event_type = any(?::text[])', query.event_type);
    if (query.succeeded !== undefined) add('a.succeeded = ?', query.succeeded);
    if (query.http_code_class) add('a.http_code between ? and ?', Number(query.http_code_class[0]) * 100, Number(query.http_code_class[0]) * 100 + 99);
    if (query.start_timestamp) add('a.created_at >= ?', new Date(query.start_timestamp));
    if (query.end_timestamp) add('a.created_at <= ?', new Date(query.end_timestamp));
    if (query.query) add('(a.event_id::text = ? or a.delivery_id::text = ? or a.http_code::text = ?)', query.query, query.query, query.query);
    const rows = await em.execute<AttemptRow[]>(
      `select a.*, m.created_at as event_created_at, m.payload, d.status as delivery_status, d.last_http_code as delivery_last_http_code,
              d.modified_at as delivery_modified_at, count(*) over ()::int as total
       from webhook_attempt a join webhook_delivery d on d.id = a.delivery_id join outbox_message m on m.id = a.event_id
       where ${where.join(' and ')}
       order by a.created_at desc, a.id
       limit ? offset ?`,
      [...params.map((p) => (Array.isArray(p) ? `{${p.join(',')}}` : p)), query.limit, pageOffset(query)],
    );
    const total = rows[0]?.total ?? (await this.count(em, where, params));
    return { items: rows.map(attemptOutput), pagination: paginationOf(total, query.limit) };
  }

  private async count(em: EntityManager, where: string[], params: unknown[]): Promise<number> {
    const [row] = await em.execute<{ n: number }[]>(`select count(*)::int as n from webhook_attempt a where ${where.join(' and ')}`, params.map((p) => (Array.isArray(p) ? `{${p.join(',')}}` : p)));
    return row.n;
  }
}

function attemptOutput(row: AttemptRow): AttemptOutput {
  const { type, timestamp, data } = row.payload;
  return {
    created_at: new Date(row.created_at).toISOString(),
    modified_at: null,
    id: row.id,
    succeeded: row.succeeded,
    http_code: row.http_code,
    response: row.response ?? row.error,
    endpoint_id: row.endpoint_id,
    attempt: row.attempt,
    duration_ms: row.duration_ms,
    error: row.error,
    webhook_event: {
      created_at: new Date(row.event_created_at).toISOString(),
      modified_at: row.delivery_modified_at ? new Date(row.delivery_modified_at).toISOString() : null,
      id: row.event_id,
      last_http_code: row.delivery_last_http_code,
      succeeded: row.delivery_status === 'pending' ? null : row.delivery_status === 'succeeded',
      skipped: row.delivery_status === 'skipped',
      payload: JSON.stringify({ type, timestamp, data }),
      type: row.event_type,
      is_archived: false,
    },
  };
}
