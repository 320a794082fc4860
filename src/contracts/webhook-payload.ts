// Each webhook event type's payload: type, time and resource.
import { z } from 'zod';
import { Benefit } from './benefit';
import { BenefitGrantWebhook } from './benefit-grant';
import { Checkout } from './checkout';
import { Timestamp } from './common';
import { Customer } from './customer';
import { CustomerState } from './customer-state';
import { CustomerSeat } from './customer-seat';
import { Discount } from './discount';
import { Member } from './member';
import { Order } from './order';
import { Organization } from './organization';
import { Product } from './product';
import { ReconciliationFailure } from './reconciliation';
import { Refund } from './refund';
import { Subscription } from './subscription';
import type { WebhookEventType } from './webhook';
import { UNSENT_WEBHOOK_EVENT_TYPES, notSent } from './webhook-unsent';

/**
 * The resource each event carries. Resources Bursar already serves use their full response contract; the others
 * (checkouts, orders, …) are checked for an id until their domains exist and replace these with their contracts.
 */
const resourceWithId = z.looseObject({ id: z.string() });
/** By full type first (customer.state_changed carries a customer state, not a customer), then by resource. */
const EVENT_DATA: Record<string, z.ZodType> = {
  'customer.state_changed': CustomerState,
  benefit_grant: BenefitGrantWebhook,
  checkout: Checkout,
  product: Product,
  benefit: Benefit,
  customer: Customer,
  member: Member,
  order: Order,
  refund: Refund,
  subscription: Subscription,
  customer_seat: CustomerSeat,
  discount: Discount,
  organization: Organization,
  reconciliation: ReconciliationFailure,
};
export const eventDataSchema = (type: WebhookEventType): z.ZodType =>
  EVENT_DATA[type] ?? EVENT_DATA[type.split('.')[0]] ?? resourceWithId;

export const webhookPayloadSchema = (type: WebhookEventType) =>
  z.object({
    type: z.literal(type),
    timestamp: Timestamp,
    data:
      type in UNSENT_WEBHOOK_EVENT_TYPES
        ? z.never({ error: `${notSent(type)} Take it out of UNSENT_WEBHOOK_EVENT_TYPES to send it.` })
        : eventDataSchema(type),
  });
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: { id: string } & Record<string, unknown>;
}
