// The receipt e-mail of a paid order queued, with its parameters from the order as the API shows it.
import type { Order as OrderOutput } from '../../contracts/order';
import type { Tx } from '../../platform/database/transaction';
import type { EmailQueue } from '../../platform/email';
import type { OrganizationService } from '../organization';
import type { Order } from './order.entity';
import { orderReceiptEmail, type OrderReceiptParams } from './order-receipt.email';

export interface ReceiptDeps {
  organizations: Pick<OrganizationService, 'findOrganization'>;
  email: EmailQueue;
}

/** Queues the receipt of a paid order (a confirmation when nothing was due), unless the customer was deleted meanwhile. */
export async function emailReceipt(
  tx: Tx,
  deps: ReceiptDeps,
  order: Order,
  output: OrderOutput,
  organizationName?: string,
): Promise<void> {
  if (output.customer.deleted_at) return;
  const name = organizationName ?? (await deps.organizations.findOrganization(tx.em, order.organizationId)).name;
  await deps.email.enqueue(tx, {
    organizationId: order.organizationId,
    to: output.customer.email,
    template: orderReceiptEmail,
    params: orderReceiptParams(name, output, order.taxBehavior === 'inclusive', order.paidAt!),
  });
}

/** The receipt's parameters from a paid order as the API shows it. */
export function orderReceiptParams(
  organizationName: string,
  order: OrderOutput,
  taxInclusive: boolean,
  paidAt: Date,
): OrderReceiptParams {
  return {
    organizationName,
    orderId: order.id,
    receiptNumber: order.receipt_number,
    customerName: order.customer.name,
    productName: order.product?.name ?? order.items[0]?.label ?? order.description,
    currency: order.currency,
    items: order.items.map(({ label, amount }) => ({ label, amount })),
    discountAmount: order.discount_amount,
    taxAmount: order.tax_amount,
    taxInclusive,
    totalAmount: order.total_amount,
    paidAt: paidAt.toISOString(),
  };
}
