// The provider's endpoints: the consent screen's data, the consent itself, the token endpoint (authorization code with
// PKCE, refresh with rotation) through @node-oauth/oauth2-server, introspection (RFC 7662), revocation (RFC 7009),
// the metadata document (RFC 8414) and the ID tokens' key set, and the bearer check every /v1 route makes of an app's
// access token.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthorizeRequest } from '../../contracts/oauth2-authorize';
import type { ConsentBody } from '../../contracts/oauth2-consent';
import type { IntrospectTokenRequest } from '../../contracts/oauth2-introspection';
import type { RevokeTokenRequest } from '../../contracts/oauth2-revocation';
import type { TokenRequest } from '../../contracts/oauth2-token';
import type { Clock } from '../../kernel/clock';
import type { PageRequest } from '../../kernel/pagination';
import { hasValidChecksum, hashToken } from '../../platform/crypto/tokens';
import type { AuthenticatedOrganization } from '../../platform/http/route';
import type { OrganizationService } from '../organization';
import type { Consenting } from './check-authorization-request';
import { findLiveToken } from './find-oauth2-token';
import type { OAuth2ClientService } from './oauth2-client.service';
import { ClientAuthenticator } from './oauth2-client-auth';
import { consent, consentScreen } from './oauth2-consent';
import { grantsOf, revokeGrant, revokeLeakedToken, type LeakedAppToken } from './oauth2-grants';
import { issueTokens, type TokenEndpointDeps } from './oauth2-token-endpoint';
import { OAuth2Token } from './oauth2.entity';
import { IdTokenService } from './id-token.service';
import { authorizationServerMetadata, OAUTH2_PREFIXES, scopeString, SUB_TYPE } from './oauth2.logic';

export interface OAuth2ServiceDeps {
  clock: Clock;
  serverSecret: string;
  /** The issuer: named in the metadata, in introspection answers and in ID tokens. */
  publicUrl: string;
  clients: OAuth2ClientService;
  organizations: OrganizationService;
}

export class OAuth2Service {
  private readonly clientAuthenticator: ClientAuthenticator;
  private readonly idTokens: IdTokenService;
  private readonly tokenEndpoint: TokenEndpointDeps;

  constructor(private readonly deps: OAuth2ServiceDeps) {
    this.clientAuthenticator = new ClientAuthenticator({ serverSecret: deps.serverSecret, clients: deps.clients });
    this.idTokens = new IdTokenService({ clock: deps.clock, serverSecret: deps.serverSecret, issuer: deps.publicUrl });
    const { clock, serverSecret } = deps;
    this.tokenEndpoint = {
      clock,
      serverSecret,
      clientAuthenticator: this.clientAuthenticator,
      idTokens: this.idTokens,
    };
  }

  /** The authorization-server metadata OAuth clients discover the endpoints from. */
  metadata() {
    return authorizationServerMetadata(this.deps.publicUrl);
  }

  /** The public keys ID tokens are verified with (JWKS). */
  keySet(em: EntityManager) {
    return this.idTokens.keySet(em);
  }

  authorization(em: EntityManager, caller: Consenting, request: AuthorizeRequest) {
    return consentScreen(this.deps, em, caller, request);
  }

  consent(em: EntityManager, caller: Consenting, body: ConsentBody): Promise<{ redirect_uri: string }> {
    return consent(this.deps, em, caller, body);
  }

  token(em: EntityManager, body: TokenRequest, authorization: string) {
    return issueTokens(this.tokenEndpoint, em, body, authorization);
  }

  /** RFC 7662, for the client's own tokens only: anything else is simply inactive. */
  async introspect(em: EntityManager, body: IntrospectTokenRequest, authorization: string) {
    const { client } = await this.clientAuthenticator.authenticate(em, body, authorization, { confidentialOnly: true });
    const found = await findLiveToken(this.deps, em, body.token);
    if (!found || found.row.clientId !== client.clientId) return { active: false as const };
    const { row, type } = found;
    return {
      active: true as const,
      client_id: row.clientId,
      token_type: type,
      scope: scopeString(row.scopes),
      sub_type: SUB_TYPE,
      sub: row.organizationId,
      organizations: [row.organizationId],
      aud: row.clientId,
      iss: this.deps.publicUrl,
      exp: Math.floor((type === 'access_token' ? row.accessExpiresAt : row.refreshExpiresAt!).getTime() / 1000),
      iat: Math.floor(row.createdAt.getTime() / 1000),
    };
  }

  /** RFC 7009: the token (a refresh token: with the whole grant) stops working; an unknown one is answered the same. */
  async revoke(em: EntityManager, body: RevokeTokenRequest, authorization: string): Promise<Record<string, never>> {
    const { client } = await this.clientAuthenticator.authenticate(em, body, authorization, {
      confidentialOnly: false,
    });
    const found = await findLiveToken(this.deps, em, body.token);
    if (found && found.row.clientId === client.clientId) {
      const where = found.type === 'refresh_token' ? { grantId: found.row.grantId } : { id: found.row.id };
      await em.nativeUpdate(OAuth2Token, { ...where, revokedAt: null }, { revokedAt: this.deps.clock.now() });
    }
    return {};
  }

  grants(em: EntityManager, organizationId: string, page: PageRequest) {
    return grantsOf(em, organizationId, page);
  }

  revokeGrant(em: EntityManager, organizationId: string, grantId: string): Promise<void> {
    return revokeGrant(this.deps.clock, em, organizationId, grantId);
  }

  revokeLeaked(em: EntityManager, token: string): Promise<LeakedAppToken | null> {
    return revokeLeakedToken(this.deps, em, token);
  }

  /** An app's access token on a /v1 route: the granting organization, the granted scopes, and the client (for its budget). */
  async authenticate(em: EntityManager, token: string): Promise<AuthenticatedOrganization | null> {
    if (!hasValidChecksum(token, OAUTH2_PREFIXES.accessToken)) return null;
    const accessTokenHash = hashToken(token, this.deps.serverSecret);
    const row = await em.findOne(OAuth2Token, { accessTokenHash, revokedAt: null });
    if (!row || row.accessExpiresAt <= this.deps.clock.now()) return null;
    return {
      organizationId: row.organizationId,
      tokenId: row.id,
      scopes: new Set(row.scopes),
      oauth2ClientId: row.clientId,
    };
  }
}
