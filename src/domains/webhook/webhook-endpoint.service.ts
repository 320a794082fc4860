// Webhook endpoints: CRUD, URL policy (https, SSRF), secrets shown once, re-enabling after an automatic disable.
import type { ApiVersion } from '../../contracts/api-version';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookEndpoint as EndpointOutput, WebhookEndpointListQuery } from '../../contracts/webhook-endpoint';
import type { WebhookEndpointCreate } from '../../contracts/webhook-endpoint-create';
import type { WebhookEndpointUpdate } from '../../contracts/webhook-endpoint-update';
import { OwnedRepository } from '../../platform/database/owned-repository';
import type { Clock } from '../../kernel/clock';
import { newId } from '../../kernel/ids';
import { WebhookEndpoint } from './webhook.entity';
import type { UrlPolicy } from './webhook.logic';
import { WebhookUrlGuard } from './webhook-url-guard';
import { webhookEndpointOutput } from './webhook.output';
import { generateSecret, maskSecret } from '../../adapters/http/standard-webhooks';
import { openSecret, sealSecret } from '../../platform/crypto/sealed-secret';

export interface EndpointServiceDeps {
  clock: Clock;
  serverSecret: string;
  urlPolicy: UrlPolicy;
}

/** What the signing secrets are sealed for (their key derives from it). */
const SECRET_PURPOSE = 'webhook-secrets';

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
  async create(
    em: EntityManager,
    organizationId: string,
    input: WebhookEndpointCreate,
    requestVersion: ApiVersion,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    await this.urls.assertAllowed(input.url);
    const secret = generateSecret();
    const endpoint = em.create(WebhookEndpoint, {
      id: newId(),
      organizationId,
      url: input.url,
      name: input.name ?? null,
      format: input.format,
      apiVersion: input.api_version ?? requestVersion,
      events: [...new Set(input.events)],
      secretSealed: sealSecret(secret, this.deps.serverSecret, SECRET_PURPOSE),
      enabled: true,
      disabledReason: null,
      consecutiveFailures: 0,
      deletedAt: null,
      createdAt: this.deps.clock.now(),
      modifiedAt: null,
    });
    await em.flush();
    return { endpoint, secret };
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
    if (input.url != null) endpoint.url = input.url;
    if (input.url != null || input.enabled === true) await this.urls.assertAllowed(endpoint.url);
    if (input.name !== undefined) endpoint.name = input.name;
    if (input.format != null) endpoint.format = input.format;
    if (input.events != null) endpoint.events = [...new Set(input.events)];
    if (input.api_version != null) endpoint.apiVersion = input.api_version;
    if (input.enabled != null) {
      endpoint.enabled = input.enabled;
      if (input.enabled) Object.assign(endpoint, { disabledReason: null, consecutiveFailures: 0 });
    }
    endpoint.modifiedAt = this.deps.clock.now();
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
    endpoint.secretSealed = sealSecret(secret, this.deps.serverSecret, SECRET_PURPOSE);
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
    return openSecret(endpoint.secretSealed, this.deps.serverSecret, SECRET_PURPOSE);
  }

  /** The endpoint as the API shows it: the secret in full only when `revealed` (create and reset). */
  output(endpoint: WebhookEndpoint, revealed?: string): EndpointOutput {
    return webhookEndpointOutput(endpoint, revealed ?? maskSecret(this.secretOf(endpoint)));
  }
}
