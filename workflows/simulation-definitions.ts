// The simulation flow's id and input: one run per simulation (shadow billing of a draft catalog change).
import type { FlowDescriptor } from './definitions';

export const simulationWorkflowId = (simulationId: string) => `simulation:${simulationId}`;
export interface SimulationInput {
  simulationId: string;
}

export const SIMULATION_FLOW: FlowDescriptor<'simulationRun', SimulationInput, [string]> = {
  type: 'simulationRun',
  id: simulationWorkflowId,
};
