// The simulation module: shadow billing's tables, the service behind its routes, and the steps of its flow.
import { migrations, provide, routes, type Module } from '../../platform/module';
import { Migration20261204200000_simulations } from './migrations/Migration20261204200000_simulations';
import { SimulationRuns } from './run-simulation';
import { SimulationSchema } from './simulation.entity';
import { simulationRoutes } from './simulation.routes';
import { SimulationService } from './simulation.service';

export const simulationModule: Module = {
  name: 'simulation',
  entities: [SimulationSchema],
  migrations: migrations(Migration20261204200000_simulations),
  provides: [
    provide('simulations', ['clock', 'outbox', 'products', 'discounts'], (s) => new SimulationService(s)),
    provide('simulationRuns', ['orm', 'clock', 'products', 'discounts', 'seller'], (s) => new SimulationRuns(s)),
  ],
  routes: routes(['simulations'], (s) => simulationRoutes(s.simulations)),
};

declare module '../../platform/module' {
  interface Services {
    simulations: SimulationService;
    simulationRuns: SimulationRuns;
  }
}
