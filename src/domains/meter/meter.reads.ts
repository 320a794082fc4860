// What the events store reads of meters: it is built before the meter service, which clears its rollups.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MeterDefinition } from '../../adapters/events/event-store';
import { Meter } from './meter.entity';

/** What the organization's live (unarchived) meters count. */
export async function liveMeterDefinitions(em: EntityManager, organizationId: string): Promise<MeterDefinition[]> {
  const live = await em.find(
    Meter,
    { organizationId, archivedAt: null },
    { fields: ['id', 'filter', 'aggregation'], orderBy: { id: 'asc' } },
  );
  return live.map(({ id, filter, aggregation }) => ({ id, filter, aggregation }));
}
