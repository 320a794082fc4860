// An event type relabeled: its label, and the metadata path that labels each event when given (null clears it).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventTypeStats } from './event-reader';
import { typeStats, type TypeRow } from './event-type-row';

export async function relabelEventType(
  em: EntityManager,
  organizationId: string,
  id: string,
  change: { label: string; labelPropertySelector?: string | null },
  at: Date,
): Promise<EventTypeStats | null> {
  const selector = change.labelPropertySelector !== undefined;
  const [row] = await em.execute<TypeRow[]>(
    `update event_type set label = ?, ${selector ? 'label_property_selector = ?,' : ''} modified_at = ?
     where organization_id = ? and id = ? returning *`,
    [change.label, ...(selector ? [change.labelPropertySelector] : []), at, organizationId, id],
  );
  return row ? typeStats(row) : null;
}
