// A meter's hourly rollups rebuilt after what it counts changed: `meter-rollups:<meterId>:<version>`.
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { METER_ROLLUP_ACTIVITY } from './activity-options';
import type { MeterRollupsInput } from './definitions';

const { rebuildMeterRollups } = proxyActivities<Activities>(METER_ROLLUP_ACTIVITY);

/** Rebuilds the rollups and marks them ready, unless the meter changed again since (a newer flow does it then). */
export async function meterRollupRebuild(input: MeterRollupsInput): Promise<{ rebuilt: boolean }> {
  return { rebuilt: await rebuildMeterRollups(input) };
}
