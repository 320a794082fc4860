// A meter whose counting changed loses its hourly rollups at once (quantities read raw events meanwhile) and, when
// live, gets them rebuilt by `meter-rollups:<id>:<version>` started through the outbox.
import type { MeterRollups } from '../../adapters/events/meter-rollups';
import type { Tx } from '../../platform/database/transaction';
import type { OutboxService } from '../../platform/outbox';
import { flowStart } from '../../platform/temporal/flow-start';
import { FLOWS, type MeterRollupsInput } from '../../../workflows/definitions';
import type { Meter } from './meter.entity';

/** Drops the meter's rollups, marks them not ready under a new version, and starts their rebuild when the meter is live. */
export async function rebuildRollups(
  deps: { outbox: OutboxService; rollups: Pick<MeterRollups, 'clear' | 'lastSeq'> },
  tx: Tx,
  meter: Meter,
): Promise<void> {
  await deps.rollups.clear(tx, meter.id);
  const [row] = await tx.em.execute<{ rollup_version: number }[]>(
    `update meter set rollups_ready_at = null, rollups_built_until = null, rollup_version = rollup_version + 1, rollup_seq = ?::bigint
     where id = ? returning rollup_version`,
    [await deps.rollups.lastSeq(tx.em), meter.id],
  );
  const version = Number(row!.rollup_version);
  Object.assign(meter, { rollupsReadyAt: null, rollupVersion: version });
  if (meter.archivedAt) return; // ingestion keeps no rollups for an archived meter: rebuilt when it is unarchived
  const input: MeterRollupsInput = { meterId: meter.id, version };
  deps.outbox.enqueueWorkflowStart(
    tx,
    meter.organizationId,
    flowStart(FLOWS.meterRollups, [meter.id, version], input, {
      summary: `Meter ${meter.id}: rollups v${version}`,
    }),
  );
}
