// A new meter, counted by ingestion from the commit on; its rollups are built for the events before.
import { holdIngestAlone } from '../../adapters/events/ingest-lock';
import type { MeterRollups } from '../../adapters/events/meter-rollups';
import type { MeterCreate } from '../../contracts/meter-request';
import type { Clock } from '../../kernel/clock';
import { newId } from '../../kernel/ids';
import type { Tx } from '../../platform/database/transaction';
import type { OutboxService } from '../../platform/outbox';
import { Meter } from './meter.entity';
import { rebuildRollups } from './rebuild-meter-rollups';

export async function createMeter(
  deps: { clock: Clock; outbox: OutboxService; rollups: Pick<MeterRollups, 'clear' | 'lastSeq'> },
  tx: Tx,
  organizationId: string,
  input: MeterCreate,
): Promise<Meter> {
  // Batches in flight finish first; those after the commit count the new meter (its rebuild covers the rest).
  await holdIngestAlone(tx.em, organizationId);
  const meter = tx.em.create(Meter, {
    id: newId(),
    organizationId,
    name: input.name,
    unit: input.unit,
    customLabel: input.custom_label ?? null,
    customMultiplier: input.custom_multiplier ?? null,
    filter: input.filter,
    aggregation: input.aggregation,
    metadata: input.metadata,
    archivedAt: null,
    createdAt: deps.clock.now(),
    modifiedAt: null,
    rollupsReadyAt: null,
    rollupVersion: 0,
  });
  await tx.em.flush();
  await rebuildRollups(deps, tx, meter);
  return meter;
}
