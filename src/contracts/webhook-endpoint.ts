// A webhook endpoint as the API shows it, its list and the list's query.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { ListResource } from './list-resource';
import { PageQuery, queryMany } from './query-params';
import { WebhookEventType } from './webhook';

export const WebhookFormat = z.enum(['raw']);

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
