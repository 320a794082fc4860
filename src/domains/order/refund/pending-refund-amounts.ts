// What an order's pending refunds have claimed, net and tax: not refundable again until they succeed or fail.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RefundAmounts } from './refund.logic';

/** What the order's pending refunds have claimed. */
export async function pendingRefundAmounts(em: EntityManager, orderId: string): Promise<RefundAmounts> {
  const [row] = await em.execute<{ amount: number; tax_amount: number }[]>(
    `select coalesce(sum(amount), 0)::int as amount, coalesce(sum(tax_amount), 0)::int as tax_amount
       from refund where order_id = ? and status = 'pending'`,
    [orderId],
  );
  return { amount: row.amount, taxAmount: row.tax_amount };
}
