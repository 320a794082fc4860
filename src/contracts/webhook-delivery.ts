// The delivery log: one delivery attempt, the event it carried, and their list.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { ListResource } from './list-resource';
import { WebhookEventType } from './webhook';

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
