// Open disputes whose customer is on a test clock follow it: advancing the clock moves their evidence deadline on.
import type { EntityManager } from '@mikro-orm/postgresql';
import { disputeWorkflowId } from '../../../workflows/dispute-definitions';

/** The test clock's followers (its port): the flows of the clock's open disputes. */
export const disputesOnClock = {
  async flowsOnClock(em: EntityManager, testClockId: string): Promise<string[]> {
    const rows = await em.execute<{ id: string }[]>(
      "select id from dispute where test_clock_id = ? and status not in ('won', 'lost', 'prevented')",
      [testClockId],
    );
    return rows.map((row) => disputeWorkflowId(row.id));
  },
};
