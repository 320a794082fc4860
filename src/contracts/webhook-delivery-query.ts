// The query of the delivery log: which endpoints and event types, which outcome, when, and a search.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { PageQuery, queryBoolean, queryMany, queryOne } from './query-params';
import { WebhookEventType } from './webhook';

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
