// Test clocks: a frozen time per clock, moved forward only. Advancing moves every flow attached to the clock (through
// the workflows' own clock, ARCHITECTURE §7) and answers once each has done what fell due by the new time.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { TestClock as TestClockOutput, TestClockCreate, TestClockListQuery } from '../../contracts/test-clock';
import { listPage } from '../../app/list-query';
import { inTransaction } from '../../app/transaction';
import type { Clock } from '../../kernel/clock';
import { Conflict, NotPermitted, ResourceNotFound, invalidField } from '../../kernel/errors';
import { inParallel } from '../../kernel/concurrency';
import { newId } from '../../kernel/ids';
import { TestClock } from './test-clock.entity';

export interface TestClockDeps {
  orm: MikroORM;
  clock: Clock;
  /** Test clocks exist in the sandbox only. */
  enabled: boolean;
  /** Workflow ids of the running flows attached to the clock (subscriptions, open checkouts). */
  attachedFlows(em: EntityManager, testClockId: string): Promise<string[]>;
  /** Moves one flow's clock; resolves when the flow has settled (or is gone). */
  advanceFlow(workflowId: string, to: Date): Promise<void>;
}

/** Flows advanced at once; each waits for its own activities. */
const CONCURRENCY = 64;

export class TestClockService {
  constructor(private readonly deps: TestClockDeps) {}

  assertEnabled(): void {
    if (!this.deps.enabled) throw new NotPermitted('Test clocks exist only in the sandbox.');
  }

  async create(em: EntityManager, organizationId: string, input: TestClockCreate): Promise<TestClock> {
    this.assertEnabled();
    const clock = em.create(TestClock, {
      id: newId(),
      organizationId,
      name: input.name ?? null,
      frozenTime: new Date(input.frozen_time),
      status: 'ready',
      deletedAt: null,
      createdAt: this.deps.clock.now(),
      modifiedAt: null,
    });
    await em.flush();
    return clock;
  }

  async get(em: EntityManager, organizationId: string, id: string, forUpdate = false): Promise<TestClock> {
    this.assertEnabled();
    const clock = await em.findOne(TestClock, { id, organizationId, deletedAt: null }, forUpdate ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!clock) throw new ResourceNotFound('Test clock not found.');
    return clock;
  }

  async list(em: EntityManager, organizationId: string, query: TestClockListQuery) {
    this.assertEnabled();
    const qb = em.createQueryBuilder(TestClock, 'c').where({ organizationId, deletedAt: null }).orderBy([{ createdAt: 'desc' }, { id: 'asc' }]);
    return listPage(qb, query);
  }

  /** Deleting a clock leaves its customers' flows where they are (they stop moving). */
  async delete(em: EntityManager, organizationId: string, id: string): Promise<void> {
    const clock = await this.get(em, organizationId, id, true);
    Object.assign(clock, { deletedAt: this.deps.clock.now(), modifiedAt: this.deps.clock.now() });
    await em.flush();
  }

  /** The time for a flow on this clock (wall time without one). */
  async now(em: EntityManager, testClockId: string | null): Promise<Date> {
    if (!testClockId) return this.deps.clock.now();
    const clock = await em.findOne(TestClock, { id: testClockId });
    return clock?.frozenTime ?? this.deps.clock.now();
  }

  /** A clock a new customer or checkout may attach to, or a 422 naming `loc`. */
  async attachable(em: EntityManager, organizationId: string, id: string, loc: (string | number)[]): Promise<TestClock> {
    if (!this.deps.enabled) throw invalidField(loc, 'Test clocks exist only in the sandbox.');
    const clock = await em.findOne(TestClock, { id, organizationId, deletedAt: null });
    if (!clock) throw invalidField(loc, 'No such test clock in this organization.');
    return clock;
  }

  /**
   * Moves the clock to `to` and every attached flow with it. Flows started while advancing (a subscription born of
   * a checkout) are advanced too, until no new one appears.
   */
  async advance(organizationId: string, id: string, to: Date): Promise<TestClock> {
    await inTransaction(this.deps.orm, async ({ em }) => {
      const clock = await this.get(em, organizationId, id, true);
      if (clock.status === 'advancing') throw new Conflict('This test clock is already advancing; wait for that to finish.');
      if (to.getTime() <= clock.frozenTime.getTime()) throw invalidField(['body', 'frozen_time'], 'A test clock only moves forward.');
      Object.assign(clock, { frozenTime: to, status: 'advancing', modifiedAt: this.deps.clock.now() });
    });
    try {
      const advanced = new Set<string>();
      for (;;) {
        const flows = (await this.deps.attachedFlows(this.deps.orm.em.fork(), id)).filter((flow) => !advanced.has(flow));
        if (!flows.length) break;
        await inParallel(flows, CONCURRENCY, (flow) => this.deps.advanceFlow(flow, to));
        flows.forEach((flow) => advanced.add(flow));
      }
    } finally {
      await inTransaction(this.deps.orm, ({ em }) => em.nativeUpdate(TestClock, { id }, { status: 'ready', modifiedAt: this.deps.clock.now() }));
    }
    return this.get(this.deps.orm.em.fork(), organizationId, id);
  }
}

export function testClockOutput(clock: TestClock): TestClockOutput {
  return {
    id: clock.id,
    created_at: clock.createdAt.toISOString(),
    modified_at: clock.modifiedAt?.toISOString() ?? null,
    organization_id: clock.organizationId,
    name: clock.name,
    frozen_time: clock.frozenTime.toISOString(),
    status: clock.status,
  };
}
