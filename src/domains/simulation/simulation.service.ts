// Simulations asked for and read: the row and its flow (create-simulation.ts), a page of them, and the per-customer
// results of one.
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  Simulation,
  SimulationCreate,
  SimulationCustomer,
  SimulationSubscription,
} from '../../contracts/simulation';
import { ResourceNotFound } from '../../kernel/errors';
import { pageOffset, paginationOf, type PageRequest } from '../../kernel/pagination';
import type { Tx } from '../../platform/database/transaction';
import { createSimulation, type CreateSimulationDeps } from './create-simulation';
import { customerDiffs } from './simulation-diff.logic';
import { SimulationRow } from './simulation.entity';
import { simulationOutput } from './simulation.output';

export class SimulationService {
  constructor(private readonly deps: CreateSimulationDeps) {}

  async create(tx: Tx, organizationId: string, body: SimulationCreate): Promise<Simulation> {
    return simulationOutput(await createSimulation(this.deps, tx, organizationId, body));
  }

  async get(em: EntityManager, organizationId: string, id: string): Promise<Simulation> {
    return simulationOutput(await this.row(em, organizationId, id));
  }

  async list(em: EntityManager, organizationId: string, page: PageRequest) {
    const [rows, count] = await em.findAndCount(
      SimulationRow,
      { organizationId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: pageOffset(page) },
    );
    return { items: rows.map(simulationOutput), pagination: paginationOf(count, page.limit) };
  }

  /** A page of the simulation's customers (by id, then currency), each with its subscriptions' cycles side by side. */
  async customers(em: EntityManager, organizationId: string, id: string, page: PageRequest) {
    await this.row(em, organizationId, id);
    const [{ count }] = await em.execute<{ count: string }[]>(
      `select count(*) from (select distinct customer_id, currency from simulation_subscription
       where simulation_id = ?) c`,
      [id],
    );
    const rows = await em.execute<{ customer_id: string; result: SimulationSubscription }[]>(
      `with page as (
         select distinct customer_id, currency from simulation_subscription where simulation_id = ?
         order by customer_id, currency limit ? offset ?)
       select s.customer_id, s.result from simulation_subscription s
       join page p on p.customer_id = s.customer_id and p.currency = s.currency
       where s.simulation_id = ? order by s.customer_id, s.currency, s.subscription_id`,
      [id, page.limit, pageOffset(page), id],
    );
    const items: SimulationCustomer[] = customerDiffs(
      rows.map((r) => ({ customerId: r.customer_id, result: r.result })),
    );
    return { items, pagination: paginationOf(Number(count), page.limit) };
  }

  private async row(em: EntityManager, organizationId: string, id: string): Promise<SimulationRow> {
    const row = await em.findOne(SimulationRow, { id, organizationId });
    if (!row) throw new ResourceNotFound('No simulation with this id.');
    return row;
  }
}
