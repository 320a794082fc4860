// The external ids of an ingested batch claimed in one sorted insert, so concurrent batches never deadlock and never
// both win a key.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { NewEvent } from './event-store';

/** The events whose external id is new to the organization (the first of a repeated one in the batch), and those without. */
export async function claimExternalIds(
  em: EntityManager,
  organizationId: string,
  events: NewEvent[],
): Promise<NewEvent[]> {
  const firstByKey = new Map<string, NewEvent>();
  for (const event of events)
    if (event.externalId !== null && !firstByKey.has(event.externalId)) firstByKey.set(event.externalId, event);
  if (!firstByKey.size) return events;
  const claims = [...firstByKey.values()].map((e) => ({ external_id: e.externalId, event_id: e.id }));
  const claimed = await em.execute<{ event_id: string }[]>(
    `insert into event_external_id (organization_id, external_id, event_id)
     select ?, c.external_id, c.event_id from jsonb_to_recordset(?::jsonb) as c(external_id text, event_id uuid) order by c.external_id
     on conflict do nothing returning event_id`,
    [organizationId, JSON.stringify(claims)],
  );
  const won = new Set(claimed.map((row) => row.event_id));
  return events.filter((event) => event.externalId === null || won.has(event.id));
}
