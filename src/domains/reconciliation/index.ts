export { ReconciliationService } from './reconciliation.service';
export { reconcileDay, previousDay, type ReconcileDayDeps, type ReconcileDayInput } from './reconcile-day';
export { reconciliationModule, type ReconciliationRuns } from './reconciliation.module';
