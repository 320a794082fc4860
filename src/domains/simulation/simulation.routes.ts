// `/v1/simulations/`: shadow billing of a draft catalog change — asked for, listed, read with its progress, and its
// per-customer results. It reuses the subscription scopes: writing one asks for `subscriptions:write`.
import { IdParams } from '../../contracts/common';
import {
  Simulation,
  SimulationCreate,
  SimulationCustomerList,
  SimulationCustomerQuery,
  SimulationList,
  SimulationListQuery,
} from '../../contracts/simulation';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { SimulationService } from './simulation.service';

const READ = ['subscriptions:read', 'subscriptions:write'] as const;
const WRITE = ['subscriptions:write'] as const;
const PATH = '/v1/simulations';

export function simulationRoutes(simulations: SimulationService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: `${PATH}/`,
      summary: 'List simulations',
      scopes: READ,
      query: SimulationListQuery,
      status: 200,
      response: SimulationList,
      readOnly: true,
      handler: ({ auth, tx, query }) => simulations.list(tx.em, auth.organizationId, query),
    }),
    defineRoute({
      method: 'post',
      path: `${PATH}/`,
      summary:
        'Simulate a draft catalog change over the affected subscriptions (writes the simulation; starts its flow)',
      scopes: WRITE,
      body: SimulationCreate,
      status: 201,
      response: Simulation,
      idempotent: true,
      handler: ({ auth, tx, body }) => simulations.create(tx, auth.organizationId, body),
    }),
    defineRoute({
      method: 'get',
      path: `${PATH}/:id`,
      summary: 'Get a simulation, its progress and totals',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: Simulation,
      readOnly: true,
      handler: ({ auth, tx, params }) => simulations.get(tx.em, auth.organizationId, params.id),
    }),
    defineRoute({
      method: 'get',
      path: `${PATH}/:id/customers`,
      summary: "Get a simulation's per-customer results: each subscription's cycles as they stand and with the draft",
      scopes: READ,
      params: IdParams,
      query: SimulationCustomerQuery,
      status: 200,
      response: SimulationCustomerList,
      readOnly: true,
      handler: ({ auth, tx, params, query }) => simulations.customers(tx.em, auth.organizationId, params.id, query),
    }),
  ];
}
