// Shadow billing's steps: each reads the real books read-only and writes only the simulation's own rows.
import type { SimulationRuns } from '../src/domains/simulation';

export const createSimulationActivities = (runs: SimulationRuns) => ({
  /** Lists the subscriptions the draft reaches (read only); records their count. */
  prepareSimulation: (simulationId: string): Promise<string[]> => runs.prepare(simulationId),
  /** Runs a batch of subscriptions through their cycles twice (read only); records their results and the progress. */
  simulateSubscriptions: (simulationId: string, subscriptionIds: string[]): Promise<number> =>
    runs.simulate(simulationId, subscriptionIds),
  /** Totals the results; the simulation succeeded. */
  finishSimulation: (simulationId: string): Promise<void> => runs.finish(simulationId),
  /** The simulation failed for good, with its reason. */
  failSimulation: (simulationId: string, message: string): Promise<void> => runs.fail(simulationId, message),
});
