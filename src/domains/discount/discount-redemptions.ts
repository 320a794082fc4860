// A discount's redemptions: one taken within max_redemptions at checkout, one given back when the payment failed.
import type { EntityManager } from '@mikro-orm/postgresql';

/** Takes one redemption, within max_redemptions; false when none is left. */
export async function redeemDiscount(em: EntityManager, id: string): Promise<boolean> {
  const rows = await em.execute(
    'update discount set redemptions_count = redemptions_count + 1 where id = ? and (max_redemptions is null or redemptions_count < max_redemptions) returning id',
    [id],
  );
  return rows.length > 0;
}

/** Gives a redemption back (a confirmation whose payment failed). */
export async function releaseDiscount(em: EntityManager, id: string): Promise<void> {
  await em.execute('update discount set redemptions_count = greatest(redemptions_count - 1, 0) where id = ?', [id]);
}
