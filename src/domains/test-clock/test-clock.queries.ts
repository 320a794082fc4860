// What other domains read of test clocks: whether a customer or checkout may attach to one, and a clock's time.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { invalidField } from '../../kernel/errors';
import { TestClock } from './test-clock.entity';

export class TestClockQueries {
  constructor(private readonly deps: { clock: Clock; enabled: boolean }) {}

  /** The time for a flow on this clock (wall time without one). */
  async now(em: EntityManager, testClockId: string | null): Promise<Date> {
    if (!testClockId) return this.deps.clock.now();
    const clock = await em.findOne(TestClock, { id: testClockId });
    return clock?.frozenTime ?? this.deps.clock.now();
  }

  /** A clock a new customer or checkout may attach to, or a 422 naming `loc`. */
  async attachable(
    em: EntityManager,
    organizationId: string,
    id: string,
    loc: (string | number)[],
  ): Promise<TestClock> {
    if (!this.deps.enabled) throw invalidField(loc, 'Test clocks exist only in the sandbox.');
    const clock = await em.findOne(TestClock, { id, organizationId, deletedAt: null });
    if (!clock) throw invalidField(loc, 'No such test clock in this organization.');
    return clock;
  }
}
