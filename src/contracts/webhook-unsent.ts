// The event types Bursar never sends (and why), so the types an endpoint may subscribe to.
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WebhookEventType } from './webhook';

/**
 * The types whose feature Bursar does not have, so nothing ever sends them, each with why. Endpoints are refused a
 * subscription to them (422): accepting one would promise events that never come. Nothing may emit them either
 * (`webhookPayloadSchema`): a type leaves this list when Bursar starts sending it.
 */
export const UNSENT_WEBHOOK_EVENT_TYPES: Partial<Record<WebhookEventType, string>> = {
  'subscription.migrated': 'Bursar does not take over subscriptions from another billing provider',
};
export const SENT_WEBHOOK_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((type) => !(type in UNSENT_WEBHOOK_EVENT_TYPES));

export const notSent = (type: unknown) =>
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
