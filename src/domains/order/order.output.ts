// Orders as the API shows them, from the order, its items and the records it embeds (read once per page).
import type { Customer as CustomerOutput } from '../../contracts/customer';
import type { Discount as DiscountOutput } from '../../contracts/discount';
import type { Order as OrderOutput } from '../../contracts/order';
import type { ProductPrice as PriceOutput } from '../../contracts/price';
import type { ProductSummary } from '../../contracts/product';
import type { OrderSubscription } from '../../contracts/order-subscription';
import type { Order, OrderItem } from './order.entity';
import { NO_REFUNDS, refundableAmounts } from './refund/refund.logic';

export function orderOutput(
  order: Order,
  items: OrderItem[],
  customers: Map<string, CustomerOutput>,
  products: Map<string, ProductSummary>,
  prices: Map<string, PriceOutput>,
  discounts: Map<string, DiscountOutput>,
  subscriptions: Map<string, OrderSubscription>,
): OrderOutput {
  const paid = order.status !== 'pending' && order.status !== 'void';
  const refundable = paid ? refundableAmounts(order) : NO_REFUNDS;
  return {
    id: order.id,
    created_at: order.createdAt.toISOString(),
    modified_at: order.modifiedAt?.toISOString() ?? null,
    status: order.status,
    paid,
    subtotal_amount: order.subtotalAmount,
    discount_amount: order.discountAmount,
    net_amount: order.netAmount,
    tax_amount: order.taxAmount,
    total_amount: order.totalAmount,
    applied_balance_amount: 0,
    due_amount: paid ? 0 : order.totalAmount,
    refunded_amount: order.refundedAmount,
    refunded_tax_amount: order.refundedTaxAmount,
    currency: order.currency,
    billing_reason: order.billingReason,
    billing_name: order.billingName,
    billing_address: order.billingAddress,
    invoice_number: order.invoiceNumber,
    is_invoice_generated: order.invoicePath !== null,
    receipt_number: order.receiptNumber,
    seats: order.seats,
    units: null,
    customer_id: order.customerId,
    product_id: order.productId,
    product_price: (order.productPriceId && prices.get(order.productPriceId)) || null,
    discount_id: order.discountId,
    subscription_id: order.subscriptionId,
    checkout_id: order.checkoutId,
    next_payment_attempt_at: order.nextPaymentAttemptAt?.toISOString() ?? null,
    metadata: order.metadata,
    custom_field_data: order.customFieldData,
    platform_fee_amount: 0,
    platform_fee_currency: null,
    customer: customers.get(order.customerId)!,
    product: (order.productId && products.get(order.productId)) || null,
    discount: (order.discountId && discounts.get(order.discountId)) || null,
    subscription: (order.subscriptionId && subscriptions.get(order.subscriptionId)) || null,
    items: items.map((item) => ({
      created_at: item.createdAt.toISOString(),
      modified_at: null,
      id: item.id,
      label: item.label,
      amount: item.amount,
      tax_amount: item.taxAmount,
      proration: item.proration,
      product_price_id: item.productPriceId,
    })),
    description: order.description,
    refundable_amount: refundable.amount,
    refundable_tax_amount: refundable.taxAmount,
    dispute: order.dispute,
  };
}
