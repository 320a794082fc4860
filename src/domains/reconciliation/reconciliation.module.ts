// The reconciliation module: the conservation laws of the books, read on demand and by the daily schedule.
import { migrations, provide, routes, type Module } from '../../platform/module';
import { Migration20261204100000_reconciliation_indexes } from './migrations/Migration20261204100000_reconciliation_indexes';
import { Migration20261204100100_reconciliation_failures } from './migrations/Migration20261204100100_reconciliation_failures';
import { reconcileDay, type ReconcileDayInput } from './reconcile-day';
import { reconciliationRoutes } from './reconciliation.routes';
import { ReconciliationService } from './reconciliation.service';

/** The daily run the schedule's activity calls: every organization (or one) over one day. */
export interface ReconciliationRuns {
  reconcileDay(input?: ReconcileDayInput): Promise<{ day: string; failed: string[] }>;
}

export const reconciliationModule: Module = {
  name: 'reconciliation',
  migrations: migrations(
    Migration20261204100000_reconciliation_indexes,
    Migration20261204100100_reconciliation_failures,
  ),
  provides: [
    provide('reconciliation', ['orm'], ({ orm }) => new ReconciliationService(orm)),
    provide('reconciliationRuns', ['orm', 'clock', 'outbox', 'reconciliation'], (deps): ReconciliationRuns => ({
      reconcileDay: (input) => reconcileDay(deps, input),
    })),
  ],
  routes: routes(['reconciliation'], (s) => reconciliationRoutes(s.reconciliation)),
};

declare module '../../platform/module' {
  interface Services {
    reconciliation: ReconciliationService;
    reconciliationRuns: ReconciliationRuns;
  }
}
