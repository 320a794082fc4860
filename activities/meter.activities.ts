// Meter and events-store activities: rollup rebuilds and the events table's monthly partitions.
import type { MikroORM } from '@mikro-orm/postgresql';
import { createEventPartitions } from '../src/adapters/events/event-partitions';
import type { MeterRollupService } from '../src/domains/meter';
import type { MeterRollupsInput } from '../workflows/definitions';

export const createMeterActivities = (orm: MikroORM, rollups: MeterRollupService) => ({
  /** Rebuilds a meter's hourly rollups from its events and marks them ready; false when the version is stale. */
  rebuildMeterRollups: (input: MeterRollupsInput): Promise<boolean> => rollups.rebuild(input.meterId, input.version),
  /** Creates this month's events partition and the next two's where missing (moving their rows out of the default). */
  createEventPartitions: (): Promise<string[]> => createEventPartitions(orm, new Date()),
});
