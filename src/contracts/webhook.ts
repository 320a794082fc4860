// The webhook event catalogue: every event type published, in the reference's order.
import { z } from 'zod';

/**
 * Every event type of the spec and the reference (the 42 the 1.x client knows), in the reference's order, then
 * Bursar's own (`reconciliation.failed`: the daily reconciliation found a law broken). Those in
 * UNSENT_WEBHOOK_EVENT_TYPES are published (clients expect the enum) but no endpoint may subscribe to them.
 */
export const WEBHOOK_EVENT_TYPES = [
  'checkout.created',
  'checkout.updated',
  'checkout.expired',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'customer.state_changed',
  'customer_seat.assigned',
  'customer_seat.claimed',
  'customer_seat.revoked',
  'member.created',
  'member.updated',
  'member.deleted',
  'order.created',
  'order.updated',
  'order.paid',
  'order.refunded',
  'subscription.created',
  'subscription.updated',
  'subscription.active',
  'subscription.canceled',
  'subscription.uncanceled',
  'subscription.cycled',
  'subscription.revoked',
  'subscription.past_due',
  'subscription.paused',
  'subscription.resumed',
  'subscription.migrated',
  'refund.created',
  'refund.updated',
  'product.created',
  'product.updated',
  'discount.created',
  'discount.updated',
  'discount.deleted',
  'benefit.created',
  'benefit.updated',
  'benefit_grant.created',
  'benefit_grant.cycled',
  'benefit_grant.updated',
  'benefit_grant.revoked',
  'organization.updated',
  'reconciliation.failed',
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;
