// A webhook endpoint's changes: a new URL checked; enabling it again re-checks its URL and counts failures afresh.
import type { WebhookEndpointUpdate } from '../../contracts/webhook-endpoint-update';
import type { Clock } from '../../kernel/clock';
import type { WebhookEndpoint } from './webhook.entity';
import type { WebhookUrlGuard } from './webhook-url-guard';

/** Applies `input` to the endpoint (not flushed). */
export async function updateWebhookEndpoint(
  { clock, urls }: { clock: Clock; urls: WebhookUrlGuard },
  endpoint: WebhookEndpoint,
  input: WebhookEndpointUpdate,
): Promise<void> {
  if (input.url != null) endpoint.url = input.url;
  if (input.url != null || input.enabled === true) await urls.assertAllowed(endpoint.url);
  if (input.name !== undefined) endpoint.name = input.name;
  if (input.format != null) endpoint.format = input.format;
  if (input.events != null) endpoint.events = [...new Set(input.events)];
  if (input.api_version != null) endpoint.apiVersion = input.api_version;
  if (input.enabled != null) {
    endpoint.enabled = input.enabled;
    if (input.enabled) Object.assign(endpoint, { disabledReason: null, consecutiveFailures: 0 });
  }
  endpoint.modifiedAt = clock.now();
}
