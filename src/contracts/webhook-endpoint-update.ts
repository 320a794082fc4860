// What a webhook endpoint is changed with: each field of its creation, and whether it is enabled.
import { z } from 'zod';
import { ApiVersion } from './api-version';
import { WebhookEndpointCreate } from './webhook-endpoint-create';
import { WebhookFormat } from './webhook-endpoint';

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
