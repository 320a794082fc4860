// What a webhook endpoint is created with: where to, which events, shaped for which API version.
import { z } from 'zod';
import { ApiVersion } from './api-version';
import { Url, Uuid } from './common';
import { WEBHOOK_EVENT_TYPES } from './webhook';
import { WebhookFormat } from './webhook-endpoint';
import { SubscribableEventType, UNSENT_WEBHOOK_EVENT_TYPES } from './webhook-unsent';

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
