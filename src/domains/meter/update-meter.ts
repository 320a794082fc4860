// A meter's changes: a change of what it counts (filter, aggregation, archived) has its rollups rebuilt.
import { holdIngestAlone } from '../../adapters/events/ingest-lock';
import type { MeterRollups } from '../../adapters/events/meter-rollups';
import type { MeterUpdate } from '../../contracts/meter-request';
import type { Clock } from '../../kernel/clock';
import type { Tx } from '../../platform/database/transaction';
import type { OwnedRepository } from '../../platform/database/owned-repository';
import type { OutboxService } from '../../platform/outbox';
import type { Meter } from './meter.entity';
import { rebuildRollups } from './rebuild-meter-rollups';

export async function updateMeter(
  deps: { clock: Clock; outbox: OutboxService; rollups: Pick<MeterRollups, 'clear' | 'lastSeq'> },
  meters: OwnedRepository<Meter>,
  tx: Tx,
  organizationId: string,
  id: string,
  input: MeterUpdate,
): Promise<Meter> {
  const counting = input.filter != null || input.aggregation != null || input.is_archived != null;
  // The ingestion lock before the meter's row lock, in the order the rollup rebuild takes them.
  if (counting) await holdIngestAlone(tx.em, organizationId);
  const meter = await meters.get(tx.em, organizationId, id, { lock: true });
  const before = JSON.stringify([meter.filter, meter.aggregation, meter.archivedAt === null]);
  if (input.name != null) meter.name = input.name;
  if (input.unit != null) meter.unit = input.unit;
  if (input.custom_label !== undefined) meter.customLabel = input.custom_label;
  if (input.custom_multiplier !== undefined) meter.customMultiplier = input.custom_multiplier;
  if (input.filter != null) meter.filter = input.filter;
  if (input.aggregation != null) meter.aggregation = input.aggregation;
  if (input.metadata !== undefined) meter.metadata = input.metadata;
  if (input.is_archived != null) meter.archivedAt = input.is_archived ? (meter.archivedAt ?? deps.clock.now()) : null;
  meter.modifiedAt = deps.clock.now();
  await tx.em.flush();
  if (counting && JSON.stringify([meter.filter, meter.aggregation, meter.archivedAt === null]) !== before)
    await rebuildRollups(deps, tx, meter);
  return meter;
}
