// Shadow billing of a draft catalog change: `simulation:<id>`. The affected subscriptions are listed once, then run
// through their next cycles in batches (one activity each, its progress recorded), then totalled; nothing but the
// simulation's own rows is written.
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { SIMULATION_ACTIVITY } from './activity-options';
import type { SimulationInput } from './simulation-definitions';

const { prepareSimulation, simulateSubscriptions, finishSimulation, failSimulation } =
  proxyActivities<Activities>(SIMULATION_ACTIVITY);

/** Subscriptions per activity: one read-only transaction and one write of their results each. */
export const SIMULATION_BATCH = 50;

/** Lists, simulates batch by batch and totals; a step that fails for good marks the simulation failed. */
export async function simulationRun(input: SimulationInput): Promise<{ subscriptions: number }> {
  try {
    const ids = await prepareSimulation(input.simulationId);
    for (let from = 0; from < ids.length; from += SIMULATION_BATCH)
      await simulateSubscriptions(input.simulationId, ids.slice(from, from + SIMULATION_BATCH));
    await finishSimulation(input.simulationId);
    return { subscriptions: ids.length };
  } catch (error) {
    const cause = error instanceof Error ? (error.cause ?? error) : error;
    const message = cause instanceof Error ? cause.message : String(cause);
    await failSimulation(input.simulationId, message);
    throw error;
  }
}
