// Payments: every attempt to charge a customer through the processor (the 1.x client's Payment).
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { ListResource } from './list-resource';

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES).meta({ id: 'PaymentStatus' });
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** What started the attempt (the 1.x client's PaymentTrigger). */
export const PAYMENT_TRIGGERS = [
  'purchase',
  'subscription_cycle',
  'retry_dunning',
  'retry_customer',
  'retry_payment_method_update',
  'retry_admin',
] as const;
export const PaymentTrigger = z.enum(PAYMENT_TRIGGERS).meta({ id: 'PaymentTrigger' });
export type PaymentTrigger = z.infer<typeof PaymentTrigger>;

const paymentFields = {
  created_at: Timestamp,
  modified_at: Timestamp.nullable(),
  id: Uuid,
  processor: z.literal('stripe'),
  status: PaymentStatus,
  amount: z.int32(),
  currency: z.string(),
  trigger: PaymentTrigger.nullable(),
  decline_reason: z.string().nullable(),
  decline_message: z.string().nullable(),
  organization_id: Uuid,
  checkout_id: Uuid.nullable(),
  order_id: Uuid.nullable(),
};

export const CardPayment = z
  .object({
    ...paymentFields,
    method: z.literal('card'),
    method_metadata: z.object({ brand: z.string(), last4: z.string() }).meta({ id: 'CardPaymentMetadata' }),
  })
  .meta({ id: 'CardPayment' });
export type CardPayment = z.infer<typeof CardPayment>;

export const GenericPayment = z.object({ ...paymentFields, method: z.string() }).meta({ id: 'GenericPayment' });
export type GenericPayment = z.infer<typeof GenericPayment>;

export const Payment = z.union([CardPayment, GenericPayment]).meta({ id: 'Payment' });
export type Payment = z.infer<typeof Payment>;

export const PaymentList = ListResource(Payment).meta({ id: 'ListResource_Payment_' });
export type PaymentList = z.infer<typeof PaymentList>;
