// The parents an ingested batch names by an earlier event's id or external id.
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '../../../kernel/ids';
import type { IncomingEvent } from './incoming-event';

/** Parents named by an earlier event's id or external id (those in the batch itself are resolved as it is read). */
export async function eventParents(
  em: EntityManager,
  organizationId: string,
  incoming: IncomingEvent[],
): Promise<Map<string, string>> {
  const refs = [...new Set(incoming.flatMap(({ input }) => (input.parent_id ? [input.parent_id] : [])))];
  if (!refs.length) return new Map();
  const uuids = refs.filter(isUuid);
  const rows = await em.execute<{ ref: string; id: string }[]>(
    `select external_id as ref, event_id as id from event_external_id where organization_id = ? and external_id in (?)
     ${uuids.length ? 'union all select id::text, id from event where organization_id = ? and id in (?)' : ''}`,
    uuids.length ? [organizationId, refs, organizationId, uuids] : [organizationId, refs],
  );
  return new Map(rows.map((row) => [row.ref, row.id]));
}
