// Rebuilding a meter's hourly rollups (the `meter-rollups:<id>:<version>` flow's one step) without holding off
// ingestion: when the meter changed, its rollups were dropped and the last event number noted (`rollup_seq`, under
// the ingestion lock); batches after it add their own increments, and the rebuild adds the events numbered up to it,
// one month per transaction, recording how far it got so a retried step never counts a month twice.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { MeterRollups } from '../../adapters/events/meter-rollups';
import type { Clock } from '../../kernel/clock';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import { Meter } from './meter.entity';

interface RebuildState {
  rollup_version: number;
  archived_at: Date | null;
  rollup_seq: string | null;
  rollups_built_until: Date | null;
}

export class MeterRollupService {
  constructor(private readonly deps: { orm: MikroORM; clock: Clock; rollups: MeterRollups }) {}

  /** Rebuilds the rollups of `version` and marks them ready; false (nothing more done) when the meter moved on or is archived. */
  async rebuild(meterId: string, version: number): Promise<boolean> {
    const meter = await this.deps.orm.em.fork().findOne(Meter, { id: meterId });
    if (!meter || meter.rollupVersion !== version || meter.archivedAt) return false;
    const definition = { id: meter.id, filter: meter.filter, aggregation: meter.aggregation };
    const span = await this.deps.rollups.span(this.deps.orm.em.fork(), meter.organizationId);
    for (let from = span && monthStart(span.first); from && span && from <= span.last; from = nextMonth(from)) {
      const to = nextMonth(from);
      const done = await this.inStep(meterId, version, async (tx, state) => {
        if (state.rollups_built_until && new Date(state.rollups_built_until) >= to) return; // done by an earlier try
        await this.deps.rollups.rebuild(tx, meter.organizationId, definition, {
          from,
          to,
          uptoSeq: state.rollup_seq ?? '0',
        });
        await tx.em.execute('update meter set rollups_built_until = ? where id = ?', [to, meterId]);
      });
      if (!done) return false;
    }
    return this.inStep(meterId, version, async (tx) => {
      await tx.em.execute('update meter set rollups_ready_at = ? where id = ?', [this.deps.clock.now(), meterId]);
    });
  }

  /** One transaction of the rebuild, with the meter's row locked (a change waits for it); false when the meter moved on. */
  private inStep(
    meterId: string,
    version: number,
    work: (tx: Tx, state: RebuildState) => Promise<void>,
  ): Promise<boolean> {
    return inTransaction(this.deps.orm, async (tx) => {
      const [state] = await tx.em.execute<RebuildState[]>(
        'select rollup_version, archived_at, rollup_seq, rollups_built_until from meter where id = ? for update',
        [meterId],
      );
      if (!state || Number(state.rollup_version) !== version || state.archived_at) return false;
      await work(tx, state);
      return true;
    });
  }
}

const monthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
const nextMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
