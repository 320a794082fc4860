// OAuth 2.0 clients as the organization that registered them manages them (RFC 7591-style registration).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OAuth2Client as ClientOutput } from '../../contracts/oauth2-client';
import type {
  OAuth2ClientConfiguration,
  OAuth2ClientConfigurationUpdate,
} from '../../contracts/oauth2-client-configuration';
import type { Clock } from '../../kernel/clock';
import { invalidField, ResourceNotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { generateToken, hashToken } from '../../platform/crypto/tokens';
import { OAuth2Client, OAuth2Token } from './oauth2.entity';
import { OAUTH2_PREFIXES } from './oauth2.logic';
import { clientConfiguration } from './oauth2-client-configuration';
import { clientOutput } from './oauth2-client.output';

export class OAuth2ClientService {
  constructor(private readonly deps: { clock: Clock; serverSecret: string }) {}

  /** The client and, for a confidential one, its secret in clear text: the only time it is shown. */
  async register(em: EntityManager, organizationId: string, body: OAuth2ClientConfiguration): Promise<ClientOutput> {
    const secret = body.token_endpoint_auth_method === 'none' ? null : generateToken(OAUTH2_PREFIXES.clientSecret);
    const client = em.create(OAuth2Client, {
      id: newId(),
      organizationId,
      clientId: generateToken(OAUTH2_PREFIXES.clientId),
      clientSecretHash: secret ? hashToken(secret, this.deps.serverSecret) : null,
      ...clientConfiguration(body),
      createdAt: this.deps.clock.now(),
      modifiedAt: null,
      deletedAt: null,
    });
    await em.flush();
    return { ...clientOutput(client), ...(secret && { client_secret: secret }) };
  }

  /** One of the organization's own clients (another organization's is not found). */
  async get(em: EntityManager, organizationId: string, clientId: string): Promise<OAuth2Client> {
    const client = await em.findOne(OAuth2Client, { clientId, organizationId, deletedAt: null });
    if (!client) throw new ResourceNotFound('OAuth2 client not found.');
    return client;
  }

  /** A client as the token endpoint and the consent find it, whoever registered it. */
  findActive(em: EntityManager, clientId: string): Promise<OAuth2Client | null> {
    return em.findOne(OAuth2Client, { clientId, deletedAt: null });
  }

  /** The whole configuration is replaced (as RFC 7592 updates do); the secret and the authentication method stay. */
  async update(
    em: EntityManager,
    organizationId: string,
    clientId: string,
    body: OAuth2ClientConfigurationUpdate,
  ): Promise<OAuth2Client> {
    const client = await this.get(em, organizationId, clientId);
    if (body.client_id !== clientId)
      throw invalidField(['body', 'client_id'], 'The client_id in the body must be the one in the path.');
    const { tokenEndpointAuthMethod, ...changes } = clientConfiguration(body);
    if ((tokenEndpointAuthMethod === 'none') !== (client.tokenEndpointAuthMethod === 'none')) {
      throw invalidField(
        ['body', 'token_endpoint_auth_method'],
        'A client cannot turn from public to confidential (or back): register a new one.',
      );
    }
    Object.assign(client, changes, { tokenEndpointAuthMethod, modifiedAt: this.deps.clock.now() });
    await em.flush();
    return client;
  }

  /** The client is gone, and every token it holds stops working at once. */
  async delete(em: EntityManager, organizationId: string, clientId: string): Promise<void> {
    const client = await this.get(em, organizationId, clientId);
    const now = this.deps.clock.now();
    client.deletedAt = now;
    await em.nativeUpdate(OAuth2Token, { clientId, revokedAt: null }, { revokedAt: now });
    await em.flush();
  }
}
