// The states a subscription goes through, and the reasons a customer gives for cancelling one.
import { z } from 'zod';

export const SubscriptionStatus = z.enum([
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
]);
export const CancellationReason = z.enum([
  'customer_service',
  'low_quality',
  'missing_features',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
  'other',
]);
