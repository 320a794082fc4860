// The events store on PostgreSQL (see event-store.ts for the port).
import type { EventStore } from './event-store';
import { PostgresEventWriter } from './postgres-event-writer';
import { type LiveMeters } from './insert-event-batch';
import { PostgresUsageReader } from './postgres-usage-reader';
import { PostgresEventReader } from './postgres-event-reader';
import { PostgresQuantityReader } from './postgres-quantity-reader';
import { PostgresMeterRollups } from './postgres-meter-rollups';

/** `rollupReads: false` answers quantities from raw events only (EVENT_ROLLUPS=off). */
export function postgresEventStore(deps: { liveMeters: LiveMeters; rollupReads?: boolean }): EventStore {
  return {
    writer: new PostgresEventWriter(deps.liveMeters),
    reader: new PostgresEventReader(),
    usage: new PostgresUsageReader(),
    quantities: new PostgresQuantityReader({ rollups: deps.rollupReads ?? true }),
    rollups: new PostgresMeterRollups(),
  };
}
