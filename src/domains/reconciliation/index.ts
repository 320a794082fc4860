export { ReconciliationService } from './reconciliation.service';
export { reconcileDay, previousDay, type ReconcileDayDeps } from './reconcile-day';
export { reconciliationModule, type ReconciliationRuns } from './reconciliation.module';
