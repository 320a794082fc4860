// Webhook endpoints: CRUD, URL policy (https, SSRF), secrets shown once, re-enabling after an automatic disable.
import type { ApiVersion } from '../../contracts/api-version';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookEndpoint as EndpointOutput, WebhookEndpointListQuery } from '../../contracts/webhook-endpoint';
import type { WebhookEndpointCreate } from '../../contracts/webhook-endpoint-create';
import type { WebhookEndpointUpdate } from '../../contracts/webhook-endpoint-update';
import { OwnedRepository } from '../../platform/database/owned-repository';
import type { Clock } from '../../kernel/clock';
import { WebhookEndpoint } from './webhook.entity';
import type { UrlPolicy } from './webhook-url.logic';
import { WebhookUrlGuard } from './webhook-url-guard';
import { webhookEndpointOutput } from './webhook.output';
import { generateSecret, maskSecret } from '../../adapters/http/standard-webhooks';
import { openEndpointSecret, sealEndpointSecret } from './webhook-endpoint-secret';
import { createWebhookEndpoint } from './create-webhook-endpoint';
import { updateWebhookEndpoint } from './update-webhook-endpoint';

export interface EndpointServiceDeps {
  clock: Clock;
  serverSecret: string;
  urlPolicy: UrlPolicy;
}

const endpoints = new OwnedRepository(WebhookEndpoint, { label: 'Webhook endpoint', softDeleted: true });

export class WebhookEndpointService {
  private readonly urls: WebhookUrlGuard;
  /** Whether a delivery may not connect to `address`: the URL policy, applied where the connection is made. */
  readonly refusesAddress: (address: string) => boolean;

  constructor(private readonly deps: EndpointServiceDeps) {
    this.urls = new WebhookUrlGuard(deps.urlPolicy);
    this.refusesAddress = this.urls.refusesAddress;
  }

  /** `requestVersion`: the API version of the request, which the endpoint's payloads follow unless it names another. */
  create(
    em: EntityManager,
    organizationId: string,
    input: WebhookEndpointCreate,
    requestVersion: ApiVersion,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    return createWebhookEndpoint({ ...this.deps, urls: this.urls }, em, organizationId, input, requestVersion);
  }

  get(em: EntityManager, organizationId: string, id: string): Promise<WebhookEndpoint> {
    return endpoints.get(em, organizationId, id);
  }

  /** Enabling an endpoint again re-checks its URL and starts counting failures afresh. */
  async update(
    em: EntityManager,
    organizationId: string,
    id: string,
    input: WebhookEndpointUpdate,
  ): Promise<WebhookEndpoint> {
    const endpoint = await this.get(em, organizationId, id);
    await updateWebhookEndpoint({ clock: this.deps.clock, urls: this.urls }, endpoint, input);
    await em.flush();
    return endpoint;
  }

  async resetSecret(
    em: EntityManager,
    organizationId: string,
    id: string,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const endpoint = await this.get(em, organizationId, id);
    const secret = generateSecret();
    endpoint.secretSealed = sealEndpointSecret(secret, this.deps.serverSecret);
    endpoint.modifiedAt = this.deps.clock.now();
    await em.flush();
    return { endpoint, secret };
  }

  async delete(em: EntityManager, organizationId: string, id: string): Promise<void> {
    await endpoints.softDelete(em, await this.get(em, organizationId, id), this.deps.clock.now());
  }

  list(em: EntityManager, organizationId: string, query: WebhookEndpointListQuery) {
    return endpoints.list(em, organizationId, query, { alias: 'e' });
  }

  secretOf(endpoint: Pick<WebhookEndpoint, 'secretSealed'>): string {
    return openEndpointSecret(endpoint.secretSealed, this.deps.serverSecret);
  }

  /** The endpoint as the API shows it: the secret in full only when `revealed` (create and reset). */
  output(endpoint: WebhookEndpoint, revealed?: string): EndpointOutput {
    return webhookEndpointOutput(endpoint, revealed ?? maskSecret(this.secretOf(endpoint)));
  }
}
