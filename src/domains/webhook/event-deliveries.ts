// What became of some events' webhooks: each first delivery to an endpoint, its status, its attempts and the last one's
// time (the timeline shows them beside the facts the events announced).
import type { EntityManager } from '@mikro-orm/postgresql';

export interface EventDelivery {
  eventId: string;
  endpointId: string;
  status: string;
  httpCode: number | null;
  attempts: number;
  lastAttemptAt: Date | null;
}

/** The deliveries of the organization's events `eventIds` (a redelivery asked for later is not among them), in one statement. */
export async function eventDeliveries(
  em: EntityManager,
  organizationId: string,
  eventIds: readonly string[],
): Promise<EventDelivery[]> {
  if (!eventIds.length) return [];
  const rows = await em.execute<
    {
      event_id: string;
      endpoint_id: string;
      status: string;
      last_http_code: number | null;
      attempts: number;
      last_at: Date | null;
    }[]
  >(
    `select d.event_id, d.endpoint_id, d.status, d.last_http_code, count(a.id)::int as attempts, max(a.created_at) as last_at
     from webhook_delivery d left join webhook_attempt a on a.delivery_id = d.id
     where d.organization_id = ? and d.event_id = any(?::uuid[]) and not d.redelivery
     group by d.id order by d.created_at`,
    [organizationId, `{${eventIds.join(',')}}`],
  );
  return rows.map((row) => ({
    eventId: row.event_id,
    endpointId: row.endpoint_id,
    status: row.status,
    httpCode: row.last_http_code,
    attempts: row.attempts,
    lastAttemptAt: row.last_at && new Date(row.last_at),
  }));
}
