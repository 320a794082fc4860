// A meter's hourly rollups as a whole: dropped when what the meter counts changes, rebuilt from raw events. The
// writer keeps them up to date batch by batch in between (postgres-event-writer.ts).
import type { Tx } from '../../platform/database/transaction';
import type { MeterDefinition } from './event-model';

export interface MeterRollups {
  /** Deletes the meter's rollups (the caller holds the organization's ingestion lock alone). */
  clear(tx: Tx, meterId: string): Promise<void>;
  /** Replaces the meter's rollups by its aggregation over every stored event (the caller holds the ingestion lock alone). */
  rebuild(tx: Tx, organizationId: string, meter: MeterDefinition): Promise<{ hours: number }>;
}
