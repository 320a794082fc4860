// The events store on PostgreSQL (see event-store.ts for the port).
import type { EventStore } from './event-store';
import { PostgresEventWriter, type LiveMeters } from './postgres-event-writer';

export function postgresEventStore(deps: { liveMeters: LiveMeters }): EventStore {
  return { writer: new PostgresEventWriter(deps.liveMeters) };
}
