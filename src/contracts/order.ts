// Orders: what a customer bought and paid, with its items and amounts (the reference's Order).
import { z } from 'zod';
import { Customer, Address } from './customer';
import { ListResource } from './list-resource';
import { MetadataOutput, MetadataQuery } from './metadata';
import { PageQuery, queryMany, sortingQuery } from './query-params';
import { Timestamp, Uuid } from './common';
import { Discount } from './discount';
import { ProductPrice } from './price';
import { ProductSummary } from './product';
import { OrderSubscription } from './order-subscription';

export const OrderStatus = z.enum(['pending', 'paid', 'refunded', 'partially_refunded', 'void']);
export const OrderBillingReason = z.enum([
  'purchase',
  'subscription_create',
  'subscription_cycle',
  'subscription_update',
  'subscription_meter_cycle',
]);

export const OrderItem = z.object({
  created_at: Timestamp,
  modified_at: Timestamp.nullable(),
  id: Uuid,
  label: z.string(),
  amount: z.int32(),
  tax_amount: z.int32(),
  proration: z.boolean(),
  product_price_id: Uuid.nullable(),
});

export const Order = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    status: OrderStatus,
    paid: z.boolean(),
    subtotal_amount: z.int32(),
    discount_amount: z.int32(),
    net_amount: z.int32(),
    tax_amount: z.int32(),
    total_amount: z.int32(),
    applied_balance_amount: z.int32(),
    due_amount: z.int32(),
    refunded_amount: z.int32(),
    refunded_tax_amount: z.int32(),
    currency: z.string(),
    billing_reason: OrderBillingReason,
    billing_name: z.string().nullable(),
    billing_address: Address.nullable(),
    invoice_number: z.string().nullable(),
    is_invoice_generated: z.boolean(),
    receipt_number: z.string().nullable(),
    seats: z.int32().nullable(),
    /** Units of a unit-based price; Bursar has no unit-based prices yet, so always null. */
    units: z.int32().nullable(),
    customer_id: Uuid,
    product_id: Uuid.nullable(),
    /** Legacy only (the unversioned API shows it; the dated versions do not): the order's price. */
    product_price: ProductPrice.nullable(),
    discount_id: Uuid.nullable(),
    subscription_id: Uuid.nullable(),
    checkout_id: Uuid.nullable(),
    /** When dunning next retries an unpaid renewal's payment; null once paid or voided. */
    next_payment_attempt_at: Timestamp.nullable(),
    metadata: MetadataOutput,
    custom_field_data: z.record(z.string(), z.union([z.string(), z.int32(), z.boolean(), z.null()])),
    platform_fee_amount: z.int32(),
    platform_fee_currency: z.string().nullable(),
    customer: Customer,
    product: ProductSummary.nullable(),
    discount: Discount.nullable(),
    subscription: OrderSubscription.nullable(),
    items: z.array(OrderItem),
    description: z.string(),
    refundable_amount: z.int32(),
    refundable_tax_amount: z.int32(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;

export const OrderList = ListResource(Order).meta({ id: 'ListResource_Order_' });

export const ORDER_SORT_FIELDS = [
  'created_at',
  'status',
  'invoice_number',
  'amount',
  'net_amount',
  'customer',
  'product',
  'discount',
  'subscription',
] as const;
export const ProductBillingType = z.enum(['one_time', 'recurring']);
export const OrderListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  product_id: queryMany(Uuid),
  product_billing_type: queryMany(ProductBillingType),
  discount_id: queryMany(Uuid),
  subscription_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  external_customer_id: queryMany(z.string().min(1).max(255)),
  checkout_id: queryMany(Uuid),
  sorting: sortingQuery(ORDER_SORT_FIELDS, ['-created_at']),
  metadata: MetadataQuery,
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

export const OrderExportQuery = z.object({
  organization_id: queryMany(Uuid),
  product_id: queryMany(Uuid),
});
export type OrderExportQuery = z.infer<typeof OrderExportQuery>;

/** Billing details for the invoice: the country and state cannot change once set, the tax ID not at all. */
export const OrderUpdate = z
  .object({
    billing_name: z.string().min(1).max(255).nullish(),
    billing_address: Address.nullish(),
  })
  .meta({ id: 'OrderUpdate' });
export type OrderUpdate = z.infer<typeof OrderUpdate>;

/** A signed, expiring download URL of an invoice or receipt PDF. */
export const OrderDocumentUrl = z.object({ url: z.string() }).meta({ id: 'OrderInvoice' });
export const OrderInvoiceRequested = z.object({
  order_id: Uuid,
  invoice_number: z.string().nullable(),
  status: z.enum(['generating', 'generated']),
});
