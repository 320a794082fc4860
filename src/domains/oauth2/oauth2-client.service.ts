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
import { OAuthError } from './oauth2.errors';
import {
  OAUTH2_PREFIXES,
  OAUTH2_SCOPES,
  parseScopes,
  redirectUriFault,
  REFERENCE_ONLY_SCOPES,
  scopeString,
  SUB_TYPE,
} from './oauth2.logic';

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
      ...configuration(body),
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
    const { tokenEndpointAuthMethod, ...changes } = configuration(body);
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

function configuration(body: OAuth2ClientConfiguration) {
  body.redirect_uris.forEach((uri, index) => {
    const fault = redirectUriFault(uri);
    if (fault) throw new OAuthError('invalid_redirect_uri', `redirect_uris[${index}] ${fault}.`);
  });
  const { scopes, unknown } = parseScopes(body.scope ?? scopeString(OAUTH2_SCOPES));
  const refused = unknown.filter((scope) => !REFERENCE_ONLY_SCOPES.includes(scope));
  if (refused.length)
    throw invalidField(['body', 'scope'], `Scopes an OAuth2 client cannot be granted: ${refused.join(', ')}.`);
  if (!scopes.length) throw invalidField(['body', 'scope'], 'At least one scope.');
  return {
    clientName: body.client_name,
    redirectUris: [...new Set(body.redirect_uris)],
    tokenEndpointAuthMethod: body.token_endpoint_auth_method,
    grantTypes: [...new Set(body.grant_types)],
    scopes,
    clientUri: body.client_uri ?? null,
    logoUri: body.logo_uri ?? null,
    tosUri: body.tos_uri ?? null,
    policyUri: body.policy_uri ?? null,
  };
}

export function clientOutput(client: OAuth2Client): ClientOutput {
  return {
    created_at: client.createdAt.toISOString(),
    modified_at: client.modifiedAt?.toISOString() ?? null,
    client_id: client.clientId,
    client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
    client_secret_expires_at: 0,
    redirect_uris: client.redirectUris,
    token_endpoint_auth_method: client.tokenEndpointAuthMethod,
    grant_types: client.grantTypes,
    response_types: ['code'],
    scope: scopeString(client.scopes),
    client_name: client.clientName,
    client_uri: client.clientUri,
    logo_uri: client.logoUri,
    tos_uri: client.tosUri,
    policy_uri: client.policyUri,
    default_sub_type: SUB_TYPE,
  };
}
