// Which saved method the customer's running subscriptions charge: the customer domain asks before removing a method
// and moves them when the customer picks a new default (the `subscriptionMethods` port it declares).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SubscriptionMethods } from '../customer';

/** Subscriptions that still bill: a renewal, a retry or a resume will charge their method. */
const RUNNING = `status in ('trialing', 'active', 'past_due', 'paused')`;

export const subscriptionMethods: SubscriptionMethods = {
  async usesToken(em: EntityManager, customerId: string, token: string): Promise<boolean> {
    const rows = await em.execute<unknown[]>(
      `select 1 from subscription where customer_id = ? and payment_method_token = ? and ${RUNNING} limit 1`,
      [customerId, token],
    );
    return rows.length > 0;
  },

  async move(em, customerId, from, to): Promise<number> {
    const rows = await em.execute<{ id: string }[]>(
      `update subscription set payment_method_token = ?, processor_customer_id = ?
       where customer_id = ? and ${RUNNING} and (?::text is null or payment_method_token = ?) returning id`,
      [to.token, to.processorCustomerId, customerId, from, from],
    );
    return rows.length;
  },
};
