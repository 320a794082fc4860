// The numbers an order carries, allocated in the caller's transaction from their gap-free series: the invoice number
// when the order is written, the receipt number once something was paid.
import type { Tx } from '../../../platform/database/transaction';
import type { CustomerService } from '../../customer';
import type { OrganizationService } from '../../organization';
import type { Order } from '../order.entity';
import { nextInSeries } from './document-number';
import { invoiceNumber, invoicePrefix, invoiceSeries, receiptNumber, receiptSeries } from './document-numbers.logic';

export class OrderNumbers {
  constructor(private readonly deps: { customers: CustomerService; organizations: OrganizationService }) {}

  /** The next number of the organization's invoice series (per customer by default). */
  async invoice(tx: Tx, organizationId: string, customer: { id: string; shortId: string }): Promise<string> {
    const organization = await this.deps.organizations.findOrganization(tx.em, organizationId);
    const value = await nextInSeries(tx.em, organizationId, invoiceSeries(organization.invoiceNumbering, customer.id));
    return invoiceNumber(organization.invoiceNumbering, invoicePrefix(organization), customer.shortId, value);
  }

  /** A receipt number once something was paid (a free order has nothing to receipt). */
  async assignReceipt(tx: Tx, order: Order, customerShortId?: string): Promise<void> {
    if (order.receiptNumber || order.totalAmount <= 0 || !order.paidAt) return;
    const shortId = customerShortId ?? (await this.deps.customers.ofOrder(tx.em, order.customerId)).shortId;
    order.receiptNumber = receiptNumber(
      shortId,
      await nextInSeries(tx.em, order.organizationId, receiptSeries(order.customerId)),
    );
  }

  /** Numbers for an order written before Bursar allocated them: its invoice number, and its receipt number if paid. */
  async assignMissing(tx: Tx, order: Order): Promise<void> {
    order.invoiceNumber ??= await this.invoice(
      tx,
      order.organizationId,
      await this.deps.customers.ofOrder(tx.em, order.customerId),
    );
    await this.assignReceipt(tx, order);
    await tx.em.flush();
  }
}
