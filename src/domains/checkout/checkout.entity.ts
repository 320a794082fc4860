import { EntitySchema, type Opt } from '@mikro-orm/core';
import type { Metadata } from '../../contracts/metadata';
import type { Address } from '../../contracts/address';

export type CheckoutStatus = 'open' | 'expired' | 'confirmed' | 'succeeded' | 'failed';

export class Checkout {
  id!: string;
  organizationId!: string;
  status!: CheckoutStatus;
  /** The credential of the public client endpoints. */
  clientSecret!: string;
  /** Products the customer may choose from, in order; `productId` is the selected one. */
  productIds!: string[];
  productId!: string;
  productPriceId!: string;
  currency!: string;
  /** Whether someone named the currency; if not, it follows the buyer's country (`checkout-currency.ts`). */
  currencyChosen: Opt<boolean> = true;
  /** The buyer's amount for a pay-what-you-want price. */
  customAmount: number | null = null;
  seats: number | null = null;
  discountId: string | null = null;
  allowDiscountCodes!: boolean;
  requireBillingAddress!: boolean;
  isBusinessCustomer!: boolean;
  allowTrial!: boolean;
  trialInterval: string | null = null;
  trialIntervalCount: number | null = null;
  /** When the trial would end if the session completed now (recurring products with a trial). */
  trialEnd: Date | null = null;
  /** The sandbox test clock the session (and the customer it creates) follows. */
  testClockId: string | null = null;
  subscriptionId: string | null = null;
  customerId: string | null = null;
  customerName: string | null = null;
  customerEmail: string | null = null;
  customerIpAddress: string | null = null;
  customerBillingName: string | null = null;
  customerBillingAddress: Address | null = null;
  customerTaxId: string | null = null;
  customerMetadata!: Metadata;
  externalCustomerId: string | null = null;
  /**
   * Whether confirming hands the buyer a customer portal session: when the merchant named the customer, or the
   * checkout created it — never for an existing customer someone merely typed the e-mail address of.
   */
  customerSessionAllowed: boolean & Opt = false;
  metadata!: Metadata;
  customFieldData!: Record<string, string | number | boolean | null>;
  successUrl: string | null = null;
  returnUrl: string | null = null;
  embedOrigin: string | null = null;
  locale: string | null = null;
  taxBehavior: 'inclusive' | 'exclusive' | null = null;
  amount!: number;
  discountAmount!: number;
  netAmount!: number;
  taxAmount: number | null = null;
  totalAmount!: number;
  /** Why the last confirmation's payment failed, for the client to show. */
  paymentError: string | null = null;
  orderId: string | null = null;
  /** The processor's customer and saved payment method, set at confirmation (never a card number). */
  processorCustomerId: string | null = null;
  paymentMethodToken: string | null = null;
  /** The saved method's kind (`card`, …). */
  paymentMethodType: string | null = null;
  /** The workflow's number for the confirmation that made the checkout `confirmed`. */
  confirmationAttempt: number | null = null;
  /** When it was confirmed, in its own time (a test clock's for attached customers). */
  confirmedAt: Date | null = null;
  expiresAt!: Date;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

const nullableText = { type: 'text', nullable: true } as const;

export const CheckoutSchema = new EntitySchema<Checkout>({
  class: Checkout,
  tableName: 'checkout',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    status: { type: 'text' },
    clientSecret: { type: 'text', unique: true },
    productIds: { type: 'uuid[]' },
    productId: { type: 'uuid' },
    productPriceId: { type: 'uuid' },
    currency: { type: 'text' },
    currencyChosen: { type: 'boolean' },
    customAmount: { type: 'integer', nullable: true },
    seats: { type: 'integer', nullable: true },
    discountId: { type: 'uuid', nullable: true },
    allowDiscountCodes: { type: 'boolean' },
    requireBillingAddress: { type: 'boolean' },
    isBusinessCustomer: { type: 'boolean' },
    allowTrial: { type: 'boolean' },
    trialInterval: nullableText,
    trialIntervalCount: { type: 'integer', nullable: true },
    trialEnd: { type: 'Date', columnType: 'timestamptz', nullable: true },
    testClockId: { type: 'uuid', nullable: true },
    subscriptionId: { type: 'uuid', nullable: true },
    customerId: { type: 'uuid', nullable: true },
    customerName: nullableText,
    customerEmail: nullableText,
    customerIpAddress: nullableText,
    customerBillingName: nullableText,
    customerBillingAddress: { type: 'json', nullable: true },
    customerTaxId: nullableText,
    customerMetadata: { type: 'json' },
    externalCustomerId: nullableText,
    customerSessionAllowed: { type: 'boolean', default: false },
    metadata: { type: 'json' },
    customFieldData: { type: 'json' },
    successUrl: nullableText,
    returnUrl: nullableText,
    embedOrigin: nullableText,
    locale: nullableText,
    taxBehavior: nullableText,
    amount: { type: 'integer' },
    discountAmount: { type: 'integer' },
    netAmount: { type: 'integer' },
    taxAmount: { type: 'integer', nullable: true },
    totalAmount: { type: 'integer' },
    paymentError: nullableText,
    orderId: { type: 'uuid', nullable: true },
    processorCustomerId: nullableText,
    paymentMethodToken: nullableText,
    paymentMethodType: nullableText,
    confirmationAttempt: { type: 'integer', nullable: true },
    confirmedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
