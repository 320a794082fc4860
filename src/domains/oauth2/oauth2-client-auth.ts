// Client authentication at the token, introspection and revocation endpoints (RFC 6749 §2.3): a client proves itself
// the one way it registered (`token_endpoint_auth_method`): its secret in an HTTP Basic header, its secret in the
// body, or, a public client, its id alone.
import { timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hashToken } from '../../platform/crypto/tokens';
import type { OAuth2ClientService } from './oauth2-client.service';
import type { OAuth2Client } from './oauth2.entity';
import { OAuthError } from './oauth2.errors';
import { presentedCredentials, type BodyCredentials } from './client-credentials';

export class ClientAuthenticator {
  constructor(private readonly deps: { serverSecret: string; clients: OAuth2ClientService }) {}

  /** The client, authenticated the way it registered; `confidentialOnly`: public clients are refused (introspection). */
  async authenticate(
    em: EntityManager,
    body: BodyCredentials,
    authorization: string,
    options: { confidentialOnly: boolean },
  ) {
    const { method, clientId, secret } = presentedCredentials(body, authorization);
    const client = clientId ? await this.deps.clients.findActive(em, clientId) : null;
    if (!client) throw new OAuthError('invalid_client', 'Client authentication failed.');
    if (client.tokenEndpointAuthMethod !== method) {
      throw new OAuthError(
        'invalid_client',
        `This client is registered to authenticate with ${client.tokenEndpointAuthMethod}, not ${method}.`,
      );
    }
    if (!this.secretMatches(client, secret)) throw new OAuthError('invalid_client', 'Client authentication failed.');
    if (options.confidentialOnly && !client.clientSecretHash)
      throw new OAuthError('invalid_client', 'Only a confidential client may use this endpoint.');
    return { client, secret };
  }

  /** A confidential client proves itself with its secret; a public one has none to give (and gives none). */
  private secretMatches(client: OAuth2Client, secret: string | undefined): boolean {
    if (!client.clientSecretHash) return secret === undefined;
    if (!secret) return false;
    return timingSafeEqual(
      Buffer.from(hashToken(secret, this.deps.serverSecret)),
      Buffer.from(client.clientSecretHash),
    );
  }
}
