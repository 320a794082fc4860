// The daily reconciliation, run by a Temporal Schedule (SCHEDULES.reconciliation); started by hand with a day (and an
// organization), it reconciles that day (of that organization) instead.
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { previousDay } from '../src/domains/reconciliation/reconciliation.logic';
import { RECONCILIATION_ACTIVITY } from './activity-options';

const { reconcileDay } = proxyActivities<Activities>(RECONCILIATION_ACTIVITY);

/**
 * Reconciles every organization over the day before (or `input`'s); returns the organizations whose books failed. The
 * day is the run's, fixed when it starts: a retry after midnight reconciles the same day.
 */
export async function reconcileBooks(
  input: { day?: string; organization_id?: string } = {},
): Promise<{ day: string; failed: string[] }> {
  return reconcileDay({ ...input, day: input.day ?? previousDay(new Date()) });
}
