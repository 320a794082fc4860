// Checkouts, settlements and refunds, and the production payment processor (Stripe).
import { PAYMENT_SETTLEMENT_TIMEOUT_MS, REFUND_STATUS_CHECK_INTERVAL_MS } from '../../../temporal.config';
import { z } from 'zod';
import { int } from './fields';

export const paymentFields = {
  CHECKOUT_TTL_SECONDS: int(3600),
  /** How long a checkout or renewal waits for the processor to settle a charge it reported as processing; then it is canceled. */
  PAYMENT_SETTLEMENT_TIMEOUT_MS: int(PAYMENT_SETTLEMENT_TIMEOUT_MS),
  /** How often a refund the processor reports as pending is checked again. */
  REFUND_STATUS_CHECK_INTERVAL_MS: int(REFUND_STATUS_CHECK_INTERVAL_MS),
  /** The production payment processor (Stripe); the sandbox always uses the built-in sandbox processor. */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** The hosted checkout's card fields in production (Stripe Elements); without it production checkouts take no card on the page. */
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Verifies the events Stripe posts to /v1/integrations/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
};
