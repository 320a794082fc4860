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
import type { AuthenticatedOrganization } from '../../platform/http/route';
import type { OrganizationService } from '../organization';
import type { Consenting } from './check-authorization-request';
import type { OAuth2ClientService } from './oauth2-client.service';
import { ClientAuthenticator } from './oauth2-client-auth';
import { consent, consentScreen } from './oauth2-consent';
import { grantsOf, revokeGrant, revokeLeakedToken, type LeakedAppToken } from './oauth2-grants';
import { issueTokens, type TokenEndpointDeps } from './oauth2-token-endpoint';
import { IdTokenService } from './id-token.service';
import { authorizationServerMetadata } from './oauth2-metadata.logic';
import { authenticateAppToken } from './authenticate-app-token';
import { introspectToken } from './introspect-oauth2-token';
import { revokeToken } from './revoke-oauth2-token';

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
  introspect(em: EntityManager, body: IntrospectTokenRequest, authorization: string) {
    return introspectToken({ ...this.deps, clientAuthenticator: this.clientAuthenticator }, em, body, authorization);
  }

  /** RFC 7009: the token (a refresh token: with the whole grant) stops working; an unknown one is answered the same. */
  revoke(em: EntityManager, body: RevokeTokenRequest, authorization: string): Promise<Record<string, never>> {
    return revokeToken({ ...this.deps, clientAuthenticator: this.clientAuthenticator }, em, body, authorization);
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
  authenticate(em: EntityManager, token: string): Promise<AuthenticatedOrganization | null> {
    return authenticateAppToken(this.deps, em, token);
  }
}
