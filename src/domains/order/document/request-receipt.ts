// An order's receipt asked for: its URL once the current revision is rendered, else rendered by
// `receipt:<orderId>:<revision>` (202 meanwhile); numbered on first request.
import { FLOWS } from '../../../../workflows/definitions';
import type { FileStorage } from '../../../adapters/storage/file-storage';
import { ResourceNotFound } from '../../../kernel/errors';
import type { Tx } from '../../../platform/database/transaction';
import type { OutboxService } from '../../../platform/outbox';
import { flowStart } from '../../../platform/temporal/flow-start';
import type { OrderService } from '../order.service';
import { signedDocumentUrl } from './signed-document-url';
import { startDocumentFlow } from './start-document-flow';

/** The receipt's URL once the current revision is rendered; null (202) while it is being rendered. */
export async function requestReceipt(
  deps: { orders: OrderService; outbox: OutboxService; storage: FileStorage; urlTtlSeconds: number },
  tx: Tx,
  organizationId: string,
  orderId: string,
): Promise<{ url: string } | null> {
  const order = await deps.orders.get(tx.em, organizationId, orderId, { lock: true });
  if (!order.receiptNumber) await deps.orders.numbers.assignMissing(tx, order);
  if (!order.receiptNumber) throw new ResourceNotFound('This order has no receipt: nothing has been paid for it.');
  if (order.receiptPath && order.receiptRenderedRevision === order.receiptRevision)
    return signedDocumentUrl(deps, order.receiptPath, `Receipt-${order.receiptNumber}.pdf`);
  startDocumentFlow(
    deps,
    tx,
    order,
    flowStart(
      FLOWS.receipt,
      [order.id, order.receiptRevision],
      { orderId: order.id },
      { summary: `Receipt ${order.receiptNumber}` },
    ),
  );
  return null;
}
