// A customer paying one of their pending orders now: with a new card (a confirmation token) or a saved method.
import { z } from 'zod';
import { Uuid } from './common';

export const CustomerOrderConfirmPayment = z
  .object({
    confirmation_token_id: z.string().min(1).max(255).nullish(),
    payment_method_id: Uuid.nullish(),
    payment_processor: z.enum(['stripe']).default('stripe'),
  })
  .meta({ id: 'CustomerOrderConfirmPayment' });
export type CustomerOrderConfirmPayment = z.infer<typeof CustomerOrderConfirmPayment>;

/** A pay link pays with a new card only: whoever holds the link must not charge the customer's saved methods. */
export const PayLinkConfirmPayment = z
  .object({
    confirmation_token_id: z.string().min(1).max(255),
    payment_processor: z.enum(['stripe']).default('stripe'),
  })
  .meta({ id: 'PayLinkConfirmPayment' });

/** `succeeded` (paid now) or `failed` with the processor's reason; `client_secret` is null (no on-session step). */
export const CustomerOrderPaymentConfirmation = z
  .object({
    status: z.enum(['succeeded', 'failed']),
    client_secret: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'CustomerOrderPaymentConfirmation' });
export type CustomerOrderPaymentConfirmation = z.infer<typeof CustomerOrderPaymentConfirmation>;
