// Webhook endpoints as the API shows them (webhook-attempt.output.ts: the delivery log's attempts).
import type { WebhookEndpoint as EndpointOutput } from '../../contracts/webhook-endpoint';
import type { WebhookEndpoint } from './webhook.entity';

/** `secret` is the full secret (on create and reset) or its masked form. */
export function webhookEndpointOutput(endpoint: WebhookEndpoint, secret: string): EndpointOutput {
  return {
    created_at: endpoint.createdAt.toISOString(),
    modified_at: endpoint.modifiedAt?.toISOString() ?? null,
    id: endpoint.id,
    url: endpoint.url,
    name: endpoint.name,
    api_version: endpoint.apiVersion,
    format: endpoint.format,
    secret,
    organization_id: endpoint.organizationId,
    events: endpoint.events,
    enabled: endpoint.enabled,
    uses_standard_webhook_signature: true,
    disabled_reason: endpoint.disabledReason,
  };
}
