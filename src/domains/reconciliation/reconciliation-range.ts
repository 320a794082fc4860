// The days a reconciliation covers, as the instants its SQL compares: [start of `from`, start of the day after `to`).
import type { ReconciliationQuery } from '../../contracts/reconciliation';

export interface DayRange {
  start: Date;
  end: Date;
}

export const dayRange = (query: ReconciliationQuery): DayRange => ({
  start: new Date(`${query.from}T00:00:00Z`),
  end: new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000),
});
