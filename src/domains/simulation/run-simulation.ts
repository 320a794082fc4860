// The simulation flow's steps. Each reads the real books in a READ ONLY transaction and writes only the simulation's
// own rows, in a transaction of their own; each is idempotent (results keyed by simulation and subscription).
import type { MikroORM } from '@mikro-orm/postgresql';
import type { SimulationSubscription } from '../../contracts/simulation';
import type { Clock } from '../../kernel/clock';
import { ResourceNotFound } from '../../kernel/errors';
import { shadowRenewals, shadowSubscriptionIds, shadowSubscriptions, type ShadowFilter } from '../subscription';
import { readOnly } from './read-only';
import { simulationReads, type SimulationReadDeps } from './simulation-reads';
import { simulationSums, subscriptionDiff } from './simulation-diff.logic';
import { SimulationRow } from './simulation.entity';

export interface SimulationRunDeps extends SimulationReadDeps {
  orm: MikroORM;
  clock: Clock;
}

export class SimulationRuns {
  constructor(private readonly deps: SimulationRunDeps) {}

  private async row(id: string): Promise<SimulationRow> {
    const row = await this.deps.orm.em.fork().findOne(SimulationRow, { id });
    if (!row) throw new ResourceNotFound('No simulation with this id.');
    return row;
  }

  /** The ids of the subscriptions the draft reaches (read only); their count recorded as the total. */
  async prepare(id: string): Promise<string[]> {
    const simulation = await this.row(id);
    const { change } = simulation;
    const filter: ShadowFilter =
      change.type === 'price'
        ? { productId: change.product_id, currency: change.price.price_currency }
        : change.type === 'discount'
          ? { discountId: change.discount_id }
          : { country: change.country, state: change.state };
    const ids = await readOnly(this.deps.orm, (em) => shadowSubscriptionIds(em, simulation.organizationId, filter));
    await this.deps.orm.em
      .fork()
      .execute('update simulation set total = ?, modified_at = ? where id = ?', [
        ids.length,
        this.deps.clock.now(),
        id,
      ]);
    return ids;
  }

  /** Runs each subscription's cycles as things stand and with the draft (read only), then records the results. */
  async simulate(id: string, subscriptionIds: readonly string[]): Promise<number> {
    const simulation = await this.row(id);
    const results = await readOnly(this.deps.orm, async (em) => {
      const { current, draft } = simulationReads(this.deps, em, simulation.change);
      const out: { customerId: string; result: SimulationSubscription }[] = [];
      for (const s of await shadowSubscriptions(em, subscriptionIds)) {
        const run = {
          subscriptionId: s.id,
          customerId: s.customerId,
          productId: s.productId,
          currency: s.currency,
          interval: s.recurringInterval,
          intervalCount: s.recurringIntervalCount,
          old: await shadowRenewals(s, simulation.cycles, current),
          new: await shadowRenewals(s, simulation.cycles, draft),
        };
        out.push({ customerId: s.customerId, result: subscriptionDiff(run) });
      }
      return out;
    });
    await this.deps.orm.em.fork().transactional(async (em) => {
      if (results.length) {
        const values = results.map(() => '(?, ?, ?, ?, ?::jsonb)').join(', ');
        await em.execute(
          `insert into simulation_subscription (simulation_id, subscription_id, customer_id, currency, result)
           values ${values} on conflict do nothing`,
          results.flatMap((r) => [
            id,
            r.result.subscription_id,
            r.customerId,
            r.result.currency,
            JSON.stringify(r.result),
          ]),
        );
      }
      await em.execute(
        `update simulation set modified_at = ?,
           done = (select count(*) from simulation_subscription where simulation_id = ?) where id = ?`,
        [this.deps.clock.now(), id, id],
      );
    });
    return results.length;
  }

  /** The totals and months of every result; the simulation succeeded. */
  async finish(id: string): Promise<void> {
    const em = this.deps.orm.em.fork();
    const rows = await em.execute<{ customer_id: string; result: SimulationSubscription }[]>(
      'select customer_id, result from simulation_subscription where simulation_id = ? order by subscription_id',
      [id],
    );
    const sums = simulationSums(rows.map((r) => ({ customerId: r.customer_id, result: r.result })));
    const now = this.deps.clock.now();
    await em.execute(
      `update simulation set status = 'succeeded', totals = ?::jsonb, months = ?::jsonb, finished_at = ?,
         modified_at = ? where id = ? and status = 'running'`,
      [JSON.stringify(sums.totals), JSON.stringify(sums.months), now, now, id],
    );
  }

  /** The simulation failed for good (a step gave up): its reason recorded. */
  async fail(id: string, message: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.orm.em.fork().execute(
      `update simulation set status = 'failed', error = ?, finished_at = ?, modified_at = ?
         where id = ? and status = 'running'`,
      [message.slice(0, 1000), now, now, id],
    );
  }
}
