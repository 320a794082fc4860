// The states of an order, and why it was billed (a purchase, or a subscription's creation, cycle or update).
import { z } from 'zod';

export const OrderStatus = z.enum(['draft', 'pending', 'paid', 'refunded', 'partially_refunded', 'void']);
export const OrderBillingReason = z.enum([
  'purchase',
  'subscription_create',
  'subscription_cycle',
  'subscription_update',
  'subscription_meter_cycle',
]);
