// The delivery log: every attempt with its event and its delivery's outcome, filtered (delivery-log-filter.ts) and
// paged.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookDelivery as AttemptOutput } from '../../contracts/webhook-delivery';
import type { WebhookDeliveryListQuery } from '../../contracts/webhook-delivery-query';
import { pageOffset, paginationOf, type Pagination } from '../../kernel/pagination';
import { attemptOutput, type AttemptRow } from './webhook-attempt.output';
import { deliveryLogFilter } from './delivery-log-filter';

export class WebhookLogService {
  async list(
    em: EntityManager,
    organizationId: string,
    query: WebhookDeliveryListQuery,
  ): Promise<{ items: AttemptOutput[]; pagination: Pagination }> {
    const { where, params } = deliveryLogFilter(organizationId, query);
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
    const [row] = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from webhook_attempt a where ${where.join(' and ')}`,
      params.map((p) => (Array.isArray(p) ? `{${p.join(',')}}` : p)),
    );
    return row.n;
  }
}
