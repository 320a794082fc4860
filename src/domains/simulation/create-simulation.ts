// A simulation asked for: its draft checked against the catalog, its row written and its flow started (outbox), in
// the request's transaction. Nothing else is written.
import type { SimulationCreate } from '../../contracts/simulation';
import type { Clock } from '../../kernel/clock';
import { invalidField, RequestValidationError } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import type { Tx } from '../../platform/database/transaction';
import type { OutboxService } from '../../platform/outbox';
import { flowStart } from '../../platform/temporal/flow-start';
import { SIMULATION_FLOW } from '../../../workflows/simulation-definitions';
import type { ProductService } from '../catalog';
import type { DiscountService } from '../discount';
import { draftIssues } from './simulation-draft.logic';
import { SimulationRow } from './simulation.entity';

export interface CreateSimulationDeps {
  clock: Clock;
  outbox: OutboxService;
  products: ProductService;
  discounts: DiscountService;
}

/** Writes the simulation (running) and starts `simulation:<id>`; 422 for a draft the catalog cannot take. */
export async function createSimulation(
  deps: CreateSimulationDeps,
  tx: Tx,
  organizationId: string,
  body: SimulationCreate,
): Promise<SimulationRow> {
  const now = deps.clock.now();
  const issues = draftIssues(body.change, now);
  if (issues.length) throw new RequestValidationError(issues);
  await checkAgainstCatalog(deps, tx, organizationId, body.change);
  const row = tx.em.create(SimulationRow, {
    id: newId(),
    organizationId,
    status: 'running',
    cycles: body.cycles,
    change: body.change,
    done: 0,
    total: null,
    totals: [],
    months: [],
    error: null,
    createdAt: now,
    modifiedAt: null,
    finishedAt: null,
  });
  deps.outbox.enqueueWorkflowStart(
    tx,
    organizationId,
    flowStart(
      SIMULATION_FLOW,
      [row.id],
      { simulationId: row.id },
      {
        searchAttributes: { OrganizationId: organizationId },
        summary: `Simulation ${row.id}: ${body.change.type} change over ${body.cycles} cycles`,
      },
    ),
  );
  return row;
}

/** The product (recurring, with a price of the draft's type in its currency) or the discount the draft changes. */
async function checkAgainstCatalog(
  deps: CreateSimulationDeps,
  tx: Tx,
  organizationId: string,
  change: SimulationCreate['change'],
): Promise<void> {
  if (change.type === 'price') {
    const loc = ['body', 'change', 'product_id'];
    const [product] = await deps.products.findByIds(tx.em, organizationId, [change.product_id]);
    if (!product) throw invalidField(loc, 'No such product in this organization.', 'unknown_product');
    const [output] = await deps.products.outputs(tx.em, [product]);
    if (!output.is_recurring) throw invalidField(loc, 'The product is not a subscription product.');
    const prices = output.prices.filter((p) => p.price_currency === change.price.price_currency);
    if (!prices.some((p) => p.amount_type === change.price.amount_type))
      throw invalidField(
        ['body', 'change', 'price', 'amount_type'],
        `The product has no ${change.price.amount_type} price in ${change.price.price_currency} to change.`,
      );
  }
  if (change.type === 'discount') {
    const [discount] = await deps.discounts.findByIds(tx.em, organizationId, [change.discount_id]);
    if (!discount || discount.deletedAt)
      throw invalidField(
        ['body', 'change', 'discount_id'],
        'No such discount in this organization.',
        'unknown_discount',
      );
  }
}
