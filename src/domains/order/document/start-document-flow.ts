// The start of a document flow of an order, through the outbox: reusable, so that it may run again for a later
// revision, with the order's search attributes.
import type { Tx } from '../../../platform/database/transaction';
import type { OutboxService } from '../../../platform/outbox';
import type { WorkflowStart } from '../../../platform/temporal/flow-start';
import type { Order } from '../order.entity';

/** Renders a document of the order: the flow may run again for a later revision, with the order's search attributes. */
export function startDocumentFlow(deps: { outbox: OutboxService }, tx: Tx, order: Order, start: WorkflowStart): void {
  const searchAttributes = { OrderId: order.id, CustomerId: order.customerId };
  deps.outbox.enqueueWorkflowStart(tx, order.organizationId, { ...start, searchAttributes, reusable: true });
}
