// A meter's hourly rollups as a whole: dropped when what the meter counts changes, rebuilt from raw events. The
// writer keeps them up to date batch by batch in between (postgres-event-writer.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Tx } from '../../platform/database/transaction';
import type { MeterDefinition } from './event-model';

/** Events of one time range numbered up to `uptoSeq`: the batches after that number add their own increments. */
export interface RollupChunk {
  from: Date;
  to: Date;
  uptoSeq: string;
}

export interface MeterRollups {
  /** Deletes the meter's rollups (the caller holds the organization's ingestion lock alone). */
  clear(tx: Tx, meterId: string): Promise<void>;
  /** The last event number given out so far (read under the ingestion lock, it bounds every committed event). */
  lastSeq(em: EntityManager): Promise<string>;
  /** When the organization's first and last stored events happened, or null without events. */
  span(em: EntityManager, organizationId: string): Promise<{ first: Date; last: Date } | null>;
  /** Adds the meter's aggregation over one chunk of stored events to its rollups. */
  rebuild(tx: Tx, organizationId: string, meter: MeterDefinition, chunk: RollupChunk): Promise<void>;
}
