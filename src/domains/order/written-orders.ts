// What writing an order read, kept for the rest of its transaction: paying the order there (a checkout's completion)
// builds its output again from the same reads instead of reading them a second time.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Order } from './order.entity';
import type { OrderReads } from './order-outputs';

/** What a caller read already (order-outputs.ts), and the customer's short ID and organization's name it knows. */
export interface OrderPaymentReads extends OrderReads {
  customerShortId?: string;
  organizationName?: string;
}

interface Written {
  order: Order;
  reads: OrderPaymentReads;
}

const written = new WeakMap<EntityManager, Map<string, Written>>();

/** Remembers an order written in the transaction of `em`, with what its output and receipt read. */
export function rememberWritten(em: EntityManager, order: Order, reads: OrderPaymentReads): void {
  const orders = written.get(em) ?? new Map<string, Written>();
  written.set(em, orders.set(order.id, { order, reads }));
}

/**
 * The order when the transaction of `em` wrote it: nobody else sees its row before the commit, so it needs no lock,
 * and nothing it embeds changed since in this transaction.
 */
export function writtenIn(em: EntityManager, orderId: string): Written | undefined {
  return written.get(em)?.get(orderId);
}
