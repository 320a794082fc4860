// The daily reconciliation's activity: every organization's books over one day, failures sent as webhook events.
import type { ReconcileDayInput, ReconciliationRuns } from '../src/domains/reconciliation';

export const createReconciliationActivities = (runs: ReconciliationRuns) => ({
  /** Reconciles the organizations over a day (the day before by default); writes reconciliation.failed where one fails. */
  reconcileDay: (input?: ReconcileDayInput): Promise<{ day: string; failed: string[] }> => runs.reconcileDay(input),
});
