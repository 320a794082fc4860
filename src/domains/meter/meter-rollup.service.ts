// Rebuilding a meter's hourly rollups (the `meter-rollups:<id>:<version>` flow's one step): one transaction, ingestion
// of the organization held off, so the rebuilt rollups plus every later batch's increments count each event once.
import type { MikroORM } from '@mikro-orm/postgresql';
import { holdIngestAlone } from '../../adapters/events/ingest-lock';
import type { MeterRollups } from '../../adapters/events/meter-rollups';
import type { Clock } from '../../kernel/clock';
import { inTransaction } from '../../platform/database/transaction';
import { Meter } from './meter.entity';

export class MeterRollupService {
  constructor(private readonly deps: { orm: MikroORM; clock: Clock; rollups: MeterRollups }) {}

  /** Rebuilds the rollups of `version` and marks them ready; false (nothing done) when the meter moved on or is archived. */
  async rebuild(meterId: string, version: number): Promise<boolean> {
    return inTransaction(this.deps.orm, async (tx) => {
      const seen = await tx.em.findOne(Meter, { id: meterId });
      if (!seen || seen.rollupVersion !== version || seen.archivedAt) return false;
      // The ingestion lock first, then the meter's row: the order in which a meter update takes them.
      await holdIngestAlone(tx.em, seen.organizationId);
      const [current] = await tx.em.execute<{ rollup_version: number; archived_at: Date | null }[]>(
        'select rollup_version, archived_at from meter where id = ? for update',
        [meterId],
      );
      if (!current || Number(current.rollup_version) !== version || current.archived_at) return false;
      await this.deps.rollups.rebuild(tx, seen.organizationId, { id: seen.id, filter: seen.filter, aggregation: seen.aggregation });
      await tx.em.execute('update meter set rollups_ready_at = ? where id = ? and rollup_version = ?', [this.deps.clock.now(), meterId, version]);
      return true;
    });
  }
}
