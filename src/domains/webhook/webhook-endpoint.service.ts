// Webhook endpoints: CRUD, URL policy (https, SSRF), secrets shown once, re-enabling after an automatic disable.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookEndpoint as EndpointOutput, WebhookEndpointCreate, WebhookEndpointListQuery, WebhookEndpointUpdate } from '../../contracts/webhook';
import { listPage } from '../../app/list-query';
import type { Clock } from '../../kernel/clock';
import { ResourceNotFound, invalidField } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { WebhookEndpoint } from './webhook.entity';
import { urlRefusal, type UrlPolicy } from './webhook.logic';
import { generateSecret, maskSecret, openSecret, sealSecret } from './webhook.secret';

export interface EndpointServiceDeps {
  clock: Clock;
  serverSecret: string;
  urlPolicy: UrlPolicy;
}

export class WebhookEndpointService {
  constructor(private readonly deps: EndpointServiceDeps) {}

  async create(em: EntityManager, organizationId: string, input: WebhookEndpointCreate): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    this.assertUrl(input.url);
    const secret = generateSecret();
    const endpoint = em.create(WebhookEndpoint, {
      id: newId(),
      organizationId,
      url: input.url,
      name: input.name ?? null,
      format: input.format,
      events: [...new Set(input.events)],
      secretSealed: sealSecret(secret, this.deps.serverSecret),
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

  async get(em: EntityManager, organizationId: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = await em.findOne(WebhookEndpoint, { id, organizationId, deletedAt: null });
    if (!endpoint) throw new ResourceNotFound('Webhook endpoint not found.');
    return endpoint;
  }

  /** Enabling an endpoint again re-checks its URL and starts counting failures afresh. */
  async update(em: EntityManager, organizationId: string, id: string, input: WebhookEndpointUpdate): Promise<WebhookEndpoint> {
    const endpoint = await this.get(em, organizationId, id);
    if (input.url != null) endpoint.url = input.url;
    if (input.url != null || input.enabled === true) this.assertUrl(endpoint.url);
    if (input.name !== undefined) endpoint.name = input.name;
    if (input.format != null) endpoint.format = input.format;
    if (input.events != null) endpoint.events = [...new Set(input.events)];
    if (input.enabled != null) {
      endpoint.enabled = input.enabled;
      if (input.enabled) Object.assign(endpoint, { disabledReason: null, consecutiveFailures: 0 });
    }
    endpoint.modifiedAt = this.deps.clock.now();
    await em.flush();
    return endpoint;
  }

  async resetSecret(em: EntityManager, organizationId: string, id: string): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const endpoint = await this.get(em, organizationId, id);
    const secret = generateSecret();
    endpoint.secretSealed = sealSecret(secret, this.deps.serverSecret);
    endpoint.modifiedAt = this.deps.clock.now();
    await em.flush();
    return { endpoint, secret };
  }

  async delete(em: EntityManager, organizationId: string, id: string): Promise<void> {
    const endpoint = await this.get(em, organizationId, id);
    endpoint.deletedAt = this.deps.clock.now();
    await em.flush();
  }

  async list(em: EntityManager, organizationId: string, query: WebhookEndpointListQuery) {
    const qb = em.createQueryBuilder(WebhookEndpoint, 'e').where({ organizationId, deletedAt: null });
    if (query.organization_id) qb.andWhere({ organizationId: { $in: query.organization_id } });
    qb.orderBy([{ createdAt: 'desc' }, { id: 'asc' }]);
    return listPage(qb, query);
  }

  secretOf(endpoint: WebhookEndpoint): string {
    return openSecret(endpoint.secretSealed, this.deps.serverSecret);
  }

  /** The endpoint as the API shows it: the secret in full only when `revealed` (create and reset). */
  output(endpoint: WebhookEndpoint, revealed?: string): EndpointOutput {
    return {
      created_at: endpoint.createdAt.toISOString(),
      modified_at: endpoint.modifiedAt?.toISOString() ?? null,
      id: endpoint.id,
      url: endpoint.url,
      name: endpoint.name,
      format: endpoint.format,
      secret: revealed ?? maskSecret(this.secretOf(endpoint)),
      organization_id: endpoint.organizationId,
      events: endpoint.events,
      enabled: endpoint.enabled,
      disabled_reason: endpoint.disabledReason,
    };
  }

  private assertUrl(url: string): void {
    const refusal = urlRefusal(url, this.deps.urlPolicy);
    if (refusal) throw invalidField(['body', 'url'], refusal, 'url_refused');
  }
}
