// The events table's monthly partitions, run by a Temporal Schedule (SCHEDULES.eventPartitions).
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { MAINTENANCE_ACTIVITY } from './activity-options';

const { createEventPartitions } = proxyActivities<Activities>(MAINTENANCE_ACTIVITY);

/** Creates this month's partition and the next two's where missing; returns the names of those created. */
export async function ensureEventPartitions(): Promise<{ created: string[] }> {
  return { created: await createEventPartitions() };
}
