// The subscription domain's port: how many seats of a subscription are assigned (pending or claimed), counted under
// the lock assignments take, so a seat-count decrease and an assignment do not pass each other.
import type { EntityManager } from '@mikro-orm/postgresql';
import { lockSeatsOf } from './seat-source';

export async function assignedSeats(em: EntityManager, subscriptionId: string): Promise<number> {
  await lockSeatsOf(em, subscriptionId);
  const [row] = await em.execute<{ n: string }[]>(
    "select count(*) as n from customer_seat where subscription_id = ? and status <> 'revoked'",
    [subscriptionId],
  );
  return Number(row.n);
}
