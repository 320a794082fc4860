// Orders: what a customer bought and paid, with its items and amounts (the reference's Order).
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { Address } from './address';
import { Customer } from './customer';
import { OrderDispute } from './dispute';
import { Discount } from './discount';
import { ListResource } from './list-resource';
import { MetadataOutput } from './metadata';
import { OrderItem } from './order-item';
import { OrderBillingReason, OrderStatus } from './order-status';
import { OrderSubscription } from './order-subscription';
import { ProductPrice } from './price';
import { ProductSummary } from './product';

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
    /** Our addition (in no client's Order): the order's dispute as of its last change, null when never disputed. */
    dispute: OrderDispute.nullable(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;

export const OrderList = ListResource(Order).meta({ id: 'ListResource_Order_' });
