// Pending seats whose billing customer is on a test clock follow it: advancing the clock moves their invitation's
// expiry on.
import type { EntityManager } from '@mikro-orm/postgresql';
import { seatWorkflowId } from '../../../workflows/seat-definitions';

/** The test clock's followers (its port): the flows of the clock's pending seats. */
export const seatsOnClock = {
  async flowsOnClock(em: EntityManager, testClockId: string): Promise<string[]> {
    const rows = await em.execute<{ id: string }[]>(
      "select id from customer_seat where test_clock_id = ? and status = 'pending'",
      [testClockId],
    );
    return rows.map((row) => seatWorkflowId(row.id));
  },
};
