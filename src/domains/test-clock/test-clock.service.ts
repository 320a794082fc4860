// Test clocks: a frozen time per clock, moved forward only. Each clock has a workflow (`test-clock:<id>`) that runs its
// advances and its deletion as Updates: an advance moves every flow attached to the clock (through the flows' own
// clock, ARCHITECTURE §7) and answers once each has done what fell due, and survives the process running it dying.
import { flowStart } from '../../platform/temporal/flow-start';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { UpdateDefinition } from '@temporalio/common';
import { FLOWS, advanceClockUpdate, deleteClockUpdate, testClockWorkflowId } from '../../../workflows/definitions';
import type { TestClockCreate, TestClockListQuery } from '../../contracts/test-clock';
import type { Clock } from '../../kernel/clock';
import { NotPermitted, invalidField } from '../../kernel/errors';
import { inParallel } from '../../kernel/concurrency';
import { newId } from '../../kernel/ids';
import { OwnedRepository } from '../../platform/database/owned-repository';
import type { FlowClient } from '../../platform/temporal/flow-client';
import { TestClock } from './test-clock.entity';
import { advanceTooFar, type TestClockState } from './test-clock.logic';

/** A domain whose flows follow test clocks (checkouts, subscriptions). */
export interface ClockFollowers {
  /** Workflow ids of its running flows attached to the clock. */
  flowsOnClock(em: EntityManager, testClockId: string): Promise<string[]>;
}

export interface TestClockDeps {
  orm: MikroORM;
  clock: Clock;
  flows: FlowClient;
  /** Test clocks exist in the sandbox only. */
  enabled: boolean;
  followers: readonly ClockFollowers[];
}

/** Flows advanced at once; each waits for its own activities. */
const CONCURRENCY = 64;

const clocks = new OwnedRepository(TestClock, { label: 'Test clock', softDeleted: true });

export class TestClockService {
  constructor(private readonly deps: TestClockDeps) {}

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

  get(em: EntityManager, organizationId: string, id: string): Promise<TestClock> {
    this.assertEnabled();
    return clocks.get(em, organizationId, id);
  }

  list(em: EntityManager, organizationId: string, query: TestClockListQuery) {
    this.assertEnabled();
    return clocks.list(em, organizationId, query, { alias: 'c' });
  }

  /**
   * Moves the clock to `to` through its workflow, which refuses an illegal advance (backwards 422, another in flight
   * 409); answers once every attached flow has settled.
   */
  async advance(organizationId: string, id: string, to: Date): Promise<TestClock> {
    const clock = await this.get(this.deps.orm.em.fork(), organizationId, id);
    const tooFar = advanceTooFar(clock.frozenTime, to);
    if (tooFar) throw invalidField(['body', 'frozen_time'], tooFar);
    await this.send(clock, advanceClockUpdate, [to.toISOString()]);
    // The clock as the advance left it, even if a delete sent meanwhile ran right after it.
    return this.deps.orm.em.fork().findOneOrFail(TestClock, { id, organizationId });
  }

  /** Deletes the clock once any advance in flight is done; its customers' flows stay where they are. */
  async delete(organizationId: string, id: string): Promise<void> {
    await this.send(await this.get(this.deps.orm.em.fork(), organizationId, id), deleteClockUpdate, []);
  }

  /** Sends an Update to the clock's workflow, starting it on the clock's first advance or delete. */
  private send<A extends unknown[]>(clock: TestClock, update: UpdateDefinition<void, A>, args: A): Promise<void> {
    return this.deps.flows.update(testClockWorkflowId(clock.id), update, args, {
      notStarted: 'This test clock is starting; try again in a moment.',
      startWith: flowStart(
        FLOWS.testClock,
        [clock.id],
        { testClockId: clock.id },
        {
          searchAttributes: { OrganizationId: clock.organizationId, Environment: 'sandbox' },
          summary: `Test clock ${clock.id}`,
        },
      ),
    });
  }

  // The workflow's steps, one transaction each.

  async state(id: string): Promise<TestClockState> {
    const clock = await this.deps.orm.em.fork().findOne(TestClock, { id });
    return clock ? stateOf(clock) : { frozenTime: new Date(0).toISOString(), deleted: true };
  }

  /** Records the new time and `advancing` (a retried step finds it recorded). */
  async beginAdvance(id: string, to: string): Promise<TestClockState> {
    const em = this.deps.orm.em.fork();
    await em.nativeUpdate(
      TestClock,
      { id, deletedAt: null },
      { frozenTime: new Date(to), status: 'advancing', modifiedAt: this.deps.clock.now() },
    );
    return this.state(id);
  }

  /**
   * Advances every flow attached to the clock, including flows started while advancing (a subscription born of a
   * checkout), until no new one appears. A flow already at `to` answers at once, so a retried step simply starts
   * over; `signal` stops it when Temporal gave up on this try.
   */
  async advanceFlows(id: string, to: string, signal?: AbortSignal): Promise<void> {
    const done = new Set<string>();
    for (;;) {
      const em = this.deps.orm.em.fork();
      const attached: string[] = [];
      for (const follower of this.deps.followers) attached.push(...(await follower.flowsOnClock(em, id)));
      const flows = attached.filter((flow) => !done.has(flow));
      if (!flows.length) return;
      await inParallel(flows, CONCURRENCY, async (flow) => {
        signal?.throwIfAborted();
        await this.deps.flows.advanceFlowClock(flow, new Date(to));
        done.add(flow);
      });
    }
  }

  async finishAdvance(id: string): Promise<TestClockState> {
    await this.deps.orm.em
      .fork()
      .nativeUpdate(TestClock, { id }, { status: 'ready', modifiedAt: this.deps.clock.now() });
    return this.state(id);
  }

  async markDeleted(id: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.orm.em.fork().nativeUpdate(TestClock, { id, deletedAt: null }, { deletedAt: now, modifiedAt: now });
  }

  private assertEnabled(): void {
    if (!this.deps.enabled) throw new NotPermitted('Test clocks exist only in the sandbox.');
  }
}

function stateOf(clock: TestClock): TestClockState {
  return { frozenTime: clock.frozenTime.toISOString(), deleted: clock.deletedAt !== null };
}
