// A simulation as the API shows it.
import type { Simulation } from '../../contracts/simulation';
import type { SimulationRow } from './simulation.entity';

export const simulationOutput = (s: SimulationRow): Simulation => ({
  id: s.id,
  organization_id: s.organizationId,
  created_at: s.createdAt.toISOString(),
  modified_at: s.modifiedAt?.toISOString() ?? null,
  status: s.status,
  cycles: s.cycles,
  change: s.change,
  progress: { done: s.done, total: s.total },
  totals: s.totals,
  months: s.months,
  finished_at: s.finishedAt?.toISOString() ?? null,
  error: s.error,
});
