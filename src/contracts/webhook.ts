// Webhooks: the event catalogue with a payload schema per type, endpoints, and the delivery log.
import { z } from 'zod';
import { Benefit } from './benefit';
import { Checkout } from './checkout';
import { BenefitGrantWebhook } from './benefit-grant';
import { CustomerState } from './customer-state';
import { ListResource } from './list-resource';
import { PageQuery, queryBoolean, queryMany, queryOne } from './query-params';
import { Timestamp, Url, Uuid } from './common';
import { Customer } from './customer';
import { Discount } from './discount';
import { Order } from './order';
import { Product } from './product';
import { Refund } from './refund';
import { Organization } from './organization';
import { Subscription } from './subscription';
import { ApiVersion } from './api-version';

/**
 * Every event type of the spec and the reference (the 42 the 1.x client knows), in the reference's order. Those in
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
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/**
 * The types whose feature Bursar does not have, so nothing ever sends them, each with why. Endpoints are refused a
 * subscription to them (422): accepting one would promise events that never come. Nothing may emit them either
 * (`webhookPayloadSchema`): a type leaves this list when Bursar starts sending it.
 */
export const UNSENT_WEBHOOK_EVENT_TYPES: Partial<Record<WebhookEventType, string>> = {
  'customer_seat.assigned': 'seats are a count on the subscription; Bursar does not assign them to people',
  'customer_seat.claimed': 'seats are a count on the subscription; Bursar does not assign them to people',
  'customer_seat.revoked': 'seats are a count on the subscription; Bursar does not assign them to people',
  'member.created': 'Bursar has no members of customers',
  'member.updated': 'Bursar has no members of customers',
  'member.deleted': 'Bursar has no members of customers',
  'subscription.paused': 'Bursar does not pause subscriptions',
  'subscription.resumed': 'Bursar does not pause subscriptions',
  'subscription.migrated': 'Bursar does not take over subscriptions from another billing provider',
};
export const SENT_WEBHOOK_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((type) => !(type in UNSENT_WEBHOOK_EVENT_TYPES));

const notSent = (type: unknown) =>
  `${String(type)} is not sent by this server yet: ${UNSENT_WEBHOOK_EVENT_TYPES[type as WebhookEventType]}.`;

/**
 * A type an endpoint may subscribe to: any published type reads (the OpenAPI enum stays the reference's), and an
 * unsent one is then refused by name. Valid values are drawn from the second stage, so generators see only sent types.
 */
export const SubscribableEventType = WebhookEventType.pipe(
  z.enum(SENT_WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]], {
    error: (issue) => notSent(issue.input),
  }),
);

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
  order: Order,
  refund: Refund,
  subscription: Subscription,
  discount: Discount,
  organization: Organization,
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

export const WebhookFormat = z.enum(['raw']);

export const WebhookEndpointCreate = z
  .object({
    url: Url({ protocol: /^https?$/ }).max(2048),
    name: z.string().trim().max(255).nullish(),
    format: WebhookFormat,
    events: z
      .array(SubscribableEventType)
      .max(WEBHOOK_EVENT_TYPES.length)
      .describe(`Types Bursar does not send are refused (422): ${Object.keys(UNSENT_WEBHOOK_EVENT_TYPES).join(', ')}.`),
    /** The API version the payloads are shaped for; by default the version of the request that creates the endpoint. */
    api_version: ApiVersion.nullish(),
    organization_id: Uuid.nullish(),
  })
  .meta({ id: 'WebhookEndpointCreate' });
export type WebhookEndpointCreate = z.infer<typeof WebhookEndpointCreate>;

export const WebhookEndpointUpdate = z
  .object({
    url: WebhookEndpointCreate.shape.url.nullish(),
    name: z.string().trim().max(255).nullish(),
    format: WebhookFormat.nullish(),
    events: WebhookEndpointCreate.shape.events.nullish(),
    api_version: ApiVersion.nullish(),
    enabled: z.boolean().nullish(),
  })
  .meta({ id: 'WebhookEndpointUpdate' });
export type WebhookEndpointUpdate = z.infer<typeof WebhookEndpointUpdate>;

export const WebhookEndpoint = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    url: z.string(),
    name: z.string().nullable(),
    /** The API version its payloads are shaped for (and name in their `api_version`). */
    api_version: z.string(),
    format: WebhookFormat,
    /** The signing secret in full only when created or reset; masked on every other read. */
    secret: z.string(),
    organization_id: Uuid,
    events: z.array(WebhookEventType),
    enabled: z.boolean(),
    /** Payloads are signed the Standard Webhooks way (always). */
    uses_standard_webhook_signature: z.boolean(),
    /** Why Bursar disabled the endpoint, when it did (cleared when it is enabled again). */
    disabled_reason: z.string().nullable(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointList = ListResource(WebhookEndpoint).meta({ id: 'ListResource_WebhookEndpoint_' });
export const WebhookEndpointListQuery = z.object({ ...PageQuery, organization_id: queryMany(Uuid) });
export type WebhookEndpointListQuery = z.infer<typeof WebhookEndpointListQuery>;

export const WebhookEvent = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    last_http_code: z.int32().nullable(),
    succeeded: z.boolean().nullable(),
    skipped: z.boolean(),
    payload: z.string().nullable(),
    type: WebhookEventType,
    is_archived: z.boolean(),
    /** The API version of the payload as the endpoint received it. */
    api_version: z.string(),
  })
  .meta({ id: 'WebhookEvent' });

/** One delivery attempt. */
export const WebhookDelivery = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    succeeded: z.boolean(),
    http_code: z.int32().nullable(),
    response: z.string().nullable(),
    webhook_event: WebhookEvent,
    endpoint_id: Uuid,
    attempt: z.int32(),
    duration_ms: z.int32(),
    error: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryList = ListResource(WebhookDelivery).meta({ id: 'ListResource_WebhookDelivery_' });
export const WebhookDeliveryListQuery = z.object({
  ...PageQuery,
  endpoint_id: queryMany(Uuid),
  event_type: queryMany(WebhookEventType),
  http_code_class: queryOne(z.enum(['2xx', '3xx', '4xx', '5xx']).optional()),
  succeeded: queryBoolean,
  start_timestamp: queryOne(Timestamp.optional()),
  end_timestamp: queryOne(Timestamp.optional()),
  query: queryOne(z.string().max(255).optional()),
});
export type WebhookDeliveryListQuery = z.infer<typeof WebhookDeliveryListQuery>;

/** What a delivery workflow is given: the retry policy and bounds, from the configuration at dispatch time. */
export interface DeliveryPolicy {
  timeoutMs: number;
  initialIntervalMs: number;
  backoffCoefficient: number;
  maximumIntervalMs: number;
  maximumAttempts: number;
  orderingMaxWaitMs: number;
}

export type DeliveryOutcome = 'succeeded' | 'failed' | 'skipped';
