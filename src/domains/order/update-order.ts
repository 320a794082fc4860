// New billing details of an order for its invoice, checked against what may change (order.updated).
import type { OrderUpdate } from '../../contracts/order-invoice';
import { RequestValidationError } from '../../kernel/errors';
import type { Tx } from '../../platform/database/transaction';
import { billingUpdateIssues } from './billing-update.logic';
import type { Order } from './order.entity';
import type { OrderDeps } from './order-deps';
import { orders } from './order-list';
import { readOrderOutput } from './order-outputs';

/** New billing details for the invoice (order.updated); the country and state stay once set. */
export async function updateOrder(
  deps: OrderDeps,
  tx: Tx,
  organizationId: string,
  id: string,
  body: OrderUpdate,
): Promise<Order> {
  const order = await orders.get(tx.em, organizationId, id, { lock: true });
  const issues = billingUpdateIssues(order.billingAddress, body.billing_address);
  if (issues.length) throw new RequestValidationError(issues);
  if (body.billing_name !== undefined) order.billingName = body.billing_name;
  if (body.billing_address !== undefined) order.billingAddress = body.billing_address;
  order.modifiedAt = deps.clock.now();
  await tx.em.flush();
  // A draft is not announced before its finalize sends order.created (which takes the customer's details anew).
  if (order.status !== 'draft')
    deps.outbox.enqueueEvent(tx, order.organizationId, 'order.updated', await readOrderOutput(deps, tx.em, order));
  return order;
}
