// The daily reconciliation's activity: every organization's books over one day, failures sent as webhook events.
import type { ReconciliationRuns } from '../src/domains/reconciliation';

export const createReconciliationActivities = (runs: ReconciliationRuns) => ({
  /** Reconciles every organization over `day` (the day before by default); writes reconciliation.failed where a law breaks. */
  reconcileDay: (day?: string): Promise<{ day: string; failed: string[] }> => runs.reconcileDay(day),
});
