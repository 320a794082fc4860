// A new webhook endpoint: its URL checked, its events kept once each, a signing secret made and sealed.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiVersion } from '../../contracts/api-version';
import type { WebhookEndpointCreate } from '../../contracts/webhook-endpoint-create';
import { newId } from '../../kernel/ids';
import { generateSecret } from '../../adapters/http/standard-webhooks';
import { WebhookEndpoint } from './webhook.entity';
import type { Clock } from '../../kernel/clock';
import { sealEndpointSecret } from './webhook-endpoint-secret';
import type { WebhookUrlGuard } from './webhook-url-guard';

/** `requestVersion`: the API version of the request, which the endpoint's payloads follow unless it names another. */
export async function createWebhookEndpoint(
  { clock, serverSecret, urls }: { clock: Clock; serverSecret: string; urls: WebhookUrlGuard },
  em: EntityManager,
  organizationId: string,
  input: WebhookEndpointCreate,
  requestVersion: ApiVersion,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  await urls.assertAllowed(input.url);
  const secret = generateSecret();
  const endpoint = em.create(WebhookEndpoint, {
    id: newId(),
    organizationId,
    url: input.url,
    name: input.name ?? null,
    format: input.format,
    apiVersion: input.api_version ?? requestVersion,
    events: [...new Set(input.events)],
    secretSealed: sealEndpointSecret(secret, serverSecret),
    enabled: true,
    disabledReason: null,
    consecutiveFailures: 0,
    deletedAt: null,
    createdAt: clock.now(),
    modifiedAt: null,
  });
  await em.flush();
  return { endpoint, secret };
}
