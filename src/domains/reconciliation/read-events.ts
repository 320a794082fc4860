// The webhook events written in the range, fanned out to each endpoint that existed, was enabled and subscribed to
// the type when the event was written (as the endpoint stands now), with the first delivery found. One statement.
import type { Tx } from '../../platform/database/transaction';
import type { EventDeliveries } from './reconciliation.logic';
import type { DayRange } from './reconciliation-range';

const DELIVERIES = `
  with written as (
    select m.id, m.payload->>'type' as type, m.created_at, m.dispatched_at is null as undispatched
    from outbox_message m
    where m.organization_id = ? and m.kind = 'event' and m.created_at >= ? and m.created_at < ?
  ), expected as (
    select e.id as event_id, w.id as endpoint_id, e.undispatched, d.status
    from written e
    join webhook_endpoint w on w.organization_id = ? and w.deleted_at is null and w.enabled
      and w.created_at <= e.created_at and e.type = any(w.events)
    left join webhook_delivery d on d.event_id = e.id and d.endpoint_id = w.id and not d.redelivery
  )
  select (select count(*) from written)::int as events, count(x.event_id)::int as expected,
    count(*) filter (where x.status = 'succeeded')::int as delivered,
    count(*) filter (where x.status = 'pending' or (x.status is null and x.undispatched))::int as pending,
    count(*) filter (where x.status = 'failed')::int as failed,
    count(*) filter (where x.status = 'skipped')::int as skipped,
    coalesce(json_agg(json_build_object('event_id', x.event_id, 'endpoint_id', x.endpoint_id)
      order by x.event_id, x.endpoint_id) filter (where x.status is null and not x.undispatched), '[]') as missing
  from expected x`;

export async function readEvents(tx: Tx, organizationId: string, range: DayRange): Promise<EventDeliveries> {
  const [row] = await tx.em.execute<
    {
      events: number;
      expected: number;
      delivered: number;
      pending: number;
      failed: number;
      skipped: number;
      missing: { event_id: string; endpoint_id: string }[];
    }[]
  >(DELIVERIES, [organizationId, range.start, range.end, organizationId]);
  return {
    events: row.events,
    expected: row.expected,
    delivered: row.delivered,
    pending: row.pending,
    failed: row.failed,
    skipped: row.skipped,
    missing: row.missing.map((m) => ({ eventId: m.event_id, endpointId: m.endpoint_id })),
  };
}
