// The start of a one-time purchase's order workflow, written to the outbox with the order.
import { FLOWS, type OrderInput } from '../../../workflows/definitions';
import type { Tx } from '../../platform/database/transaction';
import { flowStart } from '../../platform/temporal/flow-start';
import type { Order } from './order.entity';
import type { OrderDeps } from './order-deps';

/**
 * Starts `order:<id>`, which marks a one-time purchase paid (unless `paid`: the caller's transaction does), through
 * the outbox once the caller's transaction commits.
 */
export function startOrderWorkflow(
  deps: Pick<OrderDeps, 'outbox'>,
  tx: Tx,
  order: Order,
  chargeId: string | null,
  paid = false,
): void {
  const input: OrderInput = { orderId: order.id, chargeId, ...(paid && { paid }) };
  deps.outbox.enqueueWorkflowStart(
    tx,
    order.organizationId,
    flowStart(FLOWS.order, [order.id], input, {
      searchAttributes: { OrderId: order.id },
      summary: `Order ${order.id}`,
    }),
  );
}
