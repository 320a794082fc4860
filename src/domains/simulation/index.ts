export { SimulationRuns } from './run-simulation';
export { simulationModule } from './simulation.module';
