import { EntitySchema, type Opt } from '@mikro-orm/core';
import type { OrderDispute } from '../../contracts/dispute';
import type { Metadata } from '../../contracts/metadata';
import type { Address } from '../../contracts/address';

export type OrderStatus = 'draft' | 'pending' | 'paid' | 'refunded' | 'partially_refunded' | 'void';

/** One tax line as the order was taxed: the rate in millionths, what it applied to, and why (reverse charge…). */
export interface OrderTaxLine {
  jurisdiction: string;
  kind: string;
  rate: number;
  taxableAmount: number;
  amount: number;
  reason: string;
}
export type BillingReason =
  'purchase' | 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'subscription_meter_cycle';

export class Order {
  id!: string;
  organizationId!: string;
  status!: OrderStatus;
  billingReason!: BillingReason;
  customerId!: string;
  productId: string | null = null;
  productPriceId: string | null = null;
  discountId: string | null = null;
  checkoutId: string | null = null;
  subscriptionId: string | null = null;
  /** One order per subscription period or change, however often the step that writes it runs. */
  cycleKey: string | null = null;
  /** The next dunning retry of an unpaid renewal. */
  nextPaymentAttemptAt: Date | null = null;
  currency!: string;
  subtotalAmount!: number;
  discountAmount!: number;
  netAmount!: number;
  taxAmount!: number;
  totalAmount!: number;
  refundedAmount = 0;
  refundedTaxAmount = 0;
  billingName: string | null = null;
  billingAddress: Address | null = null;
  /** The buyer's tax ID as validated at purchase ([value, format]); fixed once the order exists. */
  taxId: [string, string] | null = null;
  taxBehavior: 'inclusive' | 'exclusive' | null = null;
  taxLines: Opt<OrderTaxLine[]> = [];
  /** Allocated when the order is written, gap-free in its series. */
  invoiceNumber: string | null = null;
  /** The rendered invoice in file storage, and the checksum of the billing details it shows. */
  invoicePath: string | null = null;
  invoiceChecksum: string | null = null;
  /** Allocated when the order is paid. */
  receiptNumber: string | null = null;
  receiptPath: string | null = null;
  /** Bumped when the receipt must show something new (a refund); the rendered one is current when they match. */
  receiptRevision: Opt<number> = 0;
  receiptRenderedRevision: number | null = null;
  seats: number | null = null;
  description!: string;
  metadata!: Metadata;
  customFieldData!: Record<string, string | number | boolean | null>;
  /** The processor's charge, when something was charged. */
  chargeId: string | null = null;
  paidAt: Date | null = null;
  /** What a lost dispute took back (before tax, and its tax): no longer held, so never refundable. */
  disputedAmount: Opt<number> = 0;
  disputedTaxAmount: Opt<number> = 0;
  /** The order's dispute as of its last change (the dispute domain writes it). */
  dispute: OrderDispute | null = null;
  /** A lost dispute revoked the benefits it granted. */
  disputeRevokedBenefits: Opt<boolean> = false;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export class OrderItem {
  id!: string;
  orderId!: string;
  label!: string;
  amount!: number;
  taxAmount!: number;
  proration = false;
  productPriceId: string | null = null;
  position!: number;
  createdAt!: Date;
}

export const OrderSchema = new EntitySchema<Order>({
  class: Order,
  tableName: 'order',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    status: { type: 'text' },
    billingReason: { type: 'text' },
    customerId: { type: 'uuid' },
    productId: { type: 'uuid', nullable: true },
    productPriceId: { type: 'uuid', nullable: true },
    discountId: { type: 'uuid', nullable: true },
    checkoutId: { type: 'uuid', nullable: true },
    subscriptionId: { type: 'uuid', nullable: true },
    cycleKey: { type: 'text', nullable: true },
    nextPaymentAttemptAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    currency: { type: 'text' },
    subtotalAmount: { type: 'integer' },
    discountAmount: { type: 'integer' },
    netAmount: { type: 'integer' },
    taxAmount: { type: 'integer' },
    totalAmount: { type: 'integer' },
    refundedAmount: { type: 'integer' },
    refundedTaxAmount: { type: 'integer' },
    billingName: { type: 'text', nullable: true },
    billingAddress: { type: 'json', nullable: true },
    taxId: { type: 'json', nullable: true },
    taxBehavior: { type: 'text', nullable: true },
    taxLines: { type: 'json' },
    invoiceNumber: { type: 'text', nullable: true },
    invoicePath: { type: 'text', nullable: true },
    invoiceChecksum: { type: 'text', nullable: true },
    receiptNumber: { type: 'text', nullable: true },
    receiptPath: { type: 'text', nullable: true },
    receiptRevision: { type: 'integer' },
    receiptRenderedRevision: { type: 'integer', nullable: true },
    seats: { type: 'integer', nullable: true },
    description: { type: 'text' },
    metadata: { type: 'json' },
    customFieldData: { type: 'json' },
    chargeId: { type: 'text', nullable: true },
    paidAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    disputedAmount: { type: 'integer' },
    disputedTaxAmount: { type: 'integer' },
    dispute: { type: 'json', nullable: true },
    disputeRevokedBenefits: { type: 'boolean' },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});

export const OrderItemSchema = new EntitySchema<OrderItem>({
  class: OrderItem,
  tableName: 'order_item',
  properties: {
    id: { type: 'uuid', primary: true },
    orderId: { type: 'uuid' },
    label: { type: 'text' },
    amount: { type: 'integer' },
    taxAmount: { type: 'integer' },
    proration: { type: 'boolean' },
    productPriceId: { type: 'uuid', nullable: true },
    position: { type: 'integer' },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
