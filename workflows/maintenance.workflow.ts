// Database housekeeping run by Temporal Schedules (see SCHEDULES in temporal.config.ts).
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { MAINTENANCE_ACTIVITY } from './activity-options';

const { purgeExpiredIdempotencyKeys } = proxyActivities<Activities>(MAINTENANCE_ACTIVITY);

/** Deletes idempotency keys past their 24 h lifetime. */
export async function purgeIdempotencyKeys(): Promise<{ purged: number }> {
  return { purged: await purgeExpiredIdempotencyKeys() };
}
