// An event type's row as PostgreSQL returns it, and the stats the events store answers with.
import type { EventTypeStats } from './event-reader';
import type { EventSource } from './event-model';
import { asDate } from './postgres-event-rows';

export interface TypeRow {
  id: string;
  name: string;
  source: EventSource;
  label: string;
  label_property_selector: string | null;
  occurrences: string | number;
  first_seen: Date;
  last_seen: Date;
  created_at: Date;
  modified_at: Date | null;
}

export function typeStats(row: TypeRow): EventTypeStats {
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    label: row.label,
    labelPropertySelector: row.label_property_selector,
    occurrences: Number(row.occurrences),
    firstSeen: asDate(row.first_seen),
    lastSeen: asDate(row.last_seen),
    createdAt: asDate(row.created_at),
    modifiedAt: row.modified_at ? asDate(row.modified_at) : null,
  };
}
