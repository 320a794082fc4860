// What other domains read of checkouts: the sessions whose flows follow a test clock.
import type { EntityManager } from '@mikro-orm/postgresql';
import { checkoutWorkflowId } from '../../../workflows/definitions';
import { Checkout } from './checkout.entity';

export class CheckoutQueries {
  /** The workflows of the sessions on a test clock that still wait for something (a confirmation, a payment). */
  async flowsOnClock(em: EntityManager, testClockId: string): Promise<string[]> {
    const waiting = await em.find(
      Checkout,
      { testClockId, status: { $in: ['open', 'confirmed'] } },
      { fields: ['id'] },
    );
    return waiting.map((checkout) => checkoutWorkflowId(checkout.id));
  }
}
