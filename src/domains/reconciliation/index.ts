export { ReconciliationService } from './reconciliation.service';
export { reconcileDay, type ReconcileDayDeps, type ReconcileDayInput } from './reconcile-day';
export { previousDay } from './reconciliation.logic';
export { reconciliationModule, type ReconciliationRuns } from './reconciliation.module';
