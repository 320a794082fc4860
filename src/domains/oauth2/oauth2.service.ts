// The provider's endpoints: the consent screen's data, the consent itself, the token endpoint (authorization code with
// PKCE, refresh with rotation) through @node-oauth/oauth2-server, introspection (RFC 7662), revocation (RFC 7009),
// the metadata document (RFC 8414) and the ID tokens' key set, and the bearer check every /v1 route makes of an app's
// access token.
import type { EntityManager } from '@mikro-orm/postgresql';
import OAuth2Server from '@node-oauth/oauth2-server';
import type {
  AuthorizeRequest,
  ConsentBody,
  IntrospectTokenRequest,
  RevokeTokenRequest,
  TokenRequest,
} from '../../contracts/oauth2';
import type { Clock } from '../../kernel/clock';
import { ResourceNotFound } from '../../kernel/errors';
import { pageOffset, paginationOf, type PageRequest } from '../../kernel/pagination';
import { hasValidChecksum, hashToken } from '../../platform/crypto/tokens';
import type { AuthenticatedOrganization } from '../../platform/http/route';
import { organizationSummary, type OrganizationService } from '../organization';
import { clientOutput, type OAuth2ClientService } from './oauth2-client.service';
import { ClientAuthenticator } from './oauth2-client-auth';
import { asOAuthError, libraryRequest } from './oauth2-library';
import { oauth2Model, type Grantor } from './oauth2-model';
import { OAuth2Client as OAuth2ClientEntity, OAuth2Token, type OAuth2Client } from './oauth2.entity';
import { OAuthError } from './oauth2.errors';
import { IdTokenService } from './id-token.service';
import {
  authorizationServerMetadata,
  grantableScopes,
  OAUTH2_LIFETIMES_SECONDS,
  OAUTH2_PREFIXES,
  OPENID_SCOPE,
  parseRequestedScopes,
  redirectUriFault,
  scopeString,
  SUB_TYPE,
} from './oauth2.logic';

export interface OAuth2ServiceDeps {
  clock: Clock;
  serverSecret: string;
  /** The issuer: named in the metadata, in introspection answers and in ID tokens. */
  publicUrl: string;
  clients: OAuth2ClientService;
  organizations: OrganizationService;
}

/** A leaked app token: the organization that granted it (whose owner is told) and the app it was granted to. */
export interface LeakedAppToken {
  organizationId: string;
  clientId: string;
  clientName: string;
  revokedNow: boolean;
}

/** What the caller of an authorization endpoint is: its organization and its token's scopes. */
type Consenting = Pick<AuthenticatedOrganization, 'organizationId' | 'scopes'>;

export class OAuth2Service {
  private readonly clientAuthenticator: ClientAuthenticator;
  private readonly idTokens: IdTokenService;

  constructor(private readonly deps: OAuth2ServiceDeps) {
    this.clientAuthenticator = new ClientAuthenticator({ serverSecret: deps.serverSecret, clients: deps.clients });
    this.idTokens = new IdTokenService({ clock: deps.clock, serverSecret: deps.serverSecret, issuer: deps.publicUrl });
  }

  /** The authorization-server metadata OAuth clients discover the endpoints from. */
  metadata() {
    return authorizationServerMetadata(this.deps.publicUrl);
  }

  /** The public keys ID tokens are verified with (JWKS). */
  keySet(em: EntityManager) {
    return this.idTokens.keySet(em);
  }

  /** What the consent screen shows: the app, the organization asked, and the scopes it asks for. */
  async authorization(em: EntityManager, caller: Consenting, request: AuthorizeRequest) {
    const { client, scopes } = await this.checkRequest(em, caller, request);
    const organization = organizationSummary(await this.deps.organizations.findOrganization(em, caller.organizationId));
    const sub = { id: organization.id, slug: organization.slug, avatar_url: organization.avatar_url };
    const { client_secret: _, ...publicClient } = clientOutput(client);
    return {
      client: publicClient,
      sub_type: SUB_TYPE,
      sub,
      scopes,
      organizations: [sub],
      scope_display_names: Object.fromEntries(scopes.map((scope) => [scope, scopeDisplayName(scope)])),
    };
  }

  /** Allow or deny: either way, where to send the organization's browser back to the app (with a code, or an error). */
  async consent(em: EntityManager, caller: Consenting, body: ConsentBody): Promise<{ redirect_uri: string }> {
    const { client } = await this.checkRequest(em, caller, body);
    const { action, ...parameters } = body;
    const grantor: Grantor = {
      organizationId: caller.organizationId,
      consentingScopes: caller.scopes,
      nonce: body.nonce ?? null,
    };
    const request = libraryRequest({ ...parameters, ...(action === 'deny' && { allowed: 'false' }) }, 'GET');
    const response = new OAuth2Server.Response();
    try {
      await this.server(em, client).authorize(request, response, {
        authenticateHandler: { handle: () => grantor },
        allowEmptyState: true,
      });
    } catch (error) {
      if (!(error instanceof OAuth2Server.AccessDeniedError)) throw asOAuthError(error);
    }
    return { redirect_uri: response.get('location') as string };
  }

  /**
   * The token endpoint: a code (with its PKCE verifier) or a refresh token for a new pair and its ID token, in one
   * transaction. A spent code or a retired refresh token presented again revokes the whole grant it led to, committed
   * even though the request fails.
   */
  async token(em: EntityManager, body: TokenRequest, authorization: string) {
    // The client is authenticated here, once; the library is handed the credentials as read (in the body).
    const { client, secret } = await this.clientAuthenticator.authenticate(em, body, authorization, {
      confidentialOnly: false,
    });
    const request = libraryRequest({ ...body, client_id: client.clientId, client_secret: secret }, 'POST');
    let replayedGrant: string | undefined;
    let token: OAuth2Server.Token;
    let idToken: string;
    try {
      [token, idToken] = await em.transactional(async (txEm) => {
        const issued = await this.server(txEm, client, (grantId) => (replayedGrant = grantId)).token(
          request,
          new OAuth2Server.Response(),
          {
            requireClientAuthentication: { refresh_token: false },
            accessTokenLifetime: OAUTH2_LIFETIMES_SECONDS.accessToken,
            refreshTokenLifetime: OAUTH2_LIFETIMES_SECONDS.refreshToken,
          },
        );
        return [
          issued,
          await this.idTokens.issue(txEm, client.clientId, issued.accessToken, issued.user as Grantor),
        ] as const;
      });
    } catch (error) {
      if (replayedGrant)
        await em.nativeUpdate(
          OAuth2Token,
          { grantId: replayedGrant, revokedAt: null },
          { revokedAt: this.deps.clock.now() },
        );
      throw asOAuthError(error);
    }
    return {
      access_token: token.accessToken,
      token_type: 'Bearer' as const,
      expires_in: OAUTH2_LIFETIMES_SECONDS.accessToken,
      ...(token.refreshToken && { refresh_token: token.refreshToken }),
      scope: scopeString(token.scope ?? []),
      id_token: idToken,
    };
  }

  /** RFC 7662, for the client's own tokens only: anything else is simply inactive. */
  async introspect(em: EntityManager, body: IntrospectTokenRequest, authorization: string) {
    const { client } = await this.clientAuthenticator.authenticate(em, body, authorization, { confidentialOnly: true });
    const found = await this.findToken(em, body.token);
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
    const found = await this.findToken(em, body.token);
    if (found && found.row.clientId === client.clientId) {
      const where = found.type === 'refresh_token' ? { grantId: found.row.grantId } : { id: found.row.id };
      await em.nativeUpdate(OAuth2Token, { ...where, revokedAt: null }, { revokedAt: this.deps.clock.now() });
    }
    return {};
  }

  /** The apps the organization granted access to and has not revoked: each grant's current token pair, newest first. */
  async grants(em: EntityManager, organizationId: string, page: PageRequest) {
    const [rows, total] = await em.findAndCount(
      OAuth2Token,
      { organizationId, revokedAt: null, rotatedAt: null },
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit: page.limit, offset: pageOffset(page) },
    );
    const clients = await em.find(OAuth2ClientEntity, {
      clientId: { $in: [...new Set(rows.map((row) => row.clientId))] },
    });
    const nameOf = new Map(clients.map((client) => [client.clientId, client.clientName]));
    const items = rows.map((row) => ({
      id: row.grantId,
      client_id: row.clientId,
      client_name: nameOf.get(row.clientId) ?? row.clientId,
      scopes: row.scopes,
      created_at: row.createdAt.toISOString(),
    }));
    return { items, pagination: paginationOf(total, page.limit) };
  }

  /** The organization withdraws an app's access: every token of the grant stops working at once. */
  async revokeGrant(em: EntityManager, organizationId: string, grantId: string): Promise<void> {
    const revoked = await em.nativeUpdate(
      OAuth2Token,
      { grantId, organizationId, revokedAt: null },
      { revokedAt: this.deps.clock.now() },
    );
    if (!revoked) throw new ResourceNotFound('No live grant with this id.');
  }

  /**
   * An app's access or refresh token a secret-scanning program found in public: its whole grant is revoked at once.
   * Null when the string is no token of ours (prefix, checksum, or no such token).
   */
  async revokeLeaked(em: EntityManager, token: string): Promise<LeakedAppToken | null> {
    const hash = this.hash(token);
    const where = hasValidChecksum(token, OAUTH2_PREFIXES.accessToken)
      ? { accessTokenHash: hash }
      : hasValidChecksum(token, OAUTH2_PREFIXES.refreshToken)
        ? { refreshTokenHash: hash }
        : null;
    const row = where && (await em.findOne(OAuth2Token, where));
    if (!row) return null;
    const revoked = await em.nativeUpdate(
      OAuth2Token,
      { grantId: row.grantId, revokedAt: null },
      { revokedAt: this.deps.clock.now() },
    );
    const client = await em.findOne(OAuth2ClientEntity, { clientId: row.clientId });
    return {
      organizationId: row.organizationId,
      clientId: row.clientId,
      clientName: client?.clientName ?? row.clientId,
      revokedNow: revoked > 0,
    };
  }

  /** An app's access token on a /v1 route: the granting organization, the granted scopes, and the client (for its budget). */
  async authenticate(em: EntityManager, token: string): Promise<AuthenticatedOrganization | null> {
    if (!hasValidChecksum(token, OAUTH2_PREFIXES.accessToken)) return null;
    const row = await em.findOne(OAuth2Token, { accessTokenHash: this.hash(token), revokedAt: null });
    if (!row || row.accessExpiresAt <= this.deps.clock.now()) return null;
    return {
      organizationId: row.organizationId,
      tokenId: row.id,
      scopes: new Set(row.scopes),
      oauth2ClientId: row.clientId,
    };
  }

  /** The checks of an authorization request that come before any redirect: the client, its redirect URI, scopes, PKCE. */
  private async checkRequest(
    em: EntityManager,
    caller: Consenting,
    request: AuthorizeRequest,
  ): Promise<{ client: OAuth2Client; scopes: string[] }> {
    const client = await this.deps.clients.findActive(em, request.client_id);
    if (!client) throw new OAuthError('invalid_client', 'No OAuth2 client has this client_id.');
    if (!client.grantTypes.includes('authorization_code'))
      throw new OAuthError('unauthorized_client', 'This client may not use the authorization code flow.');
    if (request.redirect_uri !== undefined && !client.redirectUris.includes(request.redirect_uri)) {
      throw new OAuthError('invalid_request', 'redirect_uri is not one of the client’s registered redirect URIs.');
    }
    // A URI registered before registration refused such URIs is not sent a code either.
    const fault = request.redirect_uri === undefined ? null : redirectUriFault(request.redirect_uri);
    if (fault)
      throw new OAuthError('invalid_request', `redirect_uri ${fault}; register a redirect URI that is allowed.`);
    if (client.tokenEndpointAuthMethod === 'none' && !request.code_challenge) {
      throw new OAuthError('invalid_request', 'A public client must use PKCE: code_challenge (S256) is required.');
    }
    if (request.code_challenge && request.code_challenge_method !== 'S256') {
      throw new OAuthError('invalid_request', 'code_challenge_method must be S256.');
    }
    const { scopes, openid, unknown } = parseRequestedScopes(request.scope ?? '');
    if (unknown.length) throw new OAuthError('invalid_scope', `Unknown scopes: ${unknown.join(', ')}.`);
    if (!scopes.length) throw new OAuthError('invalid_scope', 'Name the API scopes the app asks for (scope).');
    const { refused } = grantableScopes(scopes, client.scopes, caller.scopes);
    if (refused.length) {
      throw new OAuthError(
        'invalid_scope',
        `Scopes this client may not ask for, or this token cannot grant: ${refused.join(', ')}.`,
      );
    }
    return { client, scopes: openid ? [OPENID_SCOPE, ...scopes] : scopes };
  }

  private async findToken(
    em: EntityManager,
    token: string,
  ): Promise<{ row: OAuth2Token; type: 'access_token' | 'refresh_token' } | null> {
    const now = this.deps.clock.now();
    if (hasValidChecksum(token, OAUTH2_PREFIXES.accessToken)) {
      const row = await em.findOne(OAuth2Token, {
        accessTokenHash: this.hash(token),
        revokedAt: null,
        accessExpiresAt: { $gt: now },
      });
      return row && { row, type: 'access_token' };
    }
    if (hasValidChecksum(token, OAUTH2_PREFIXES.refreshToken)) {
      const row = await em.findOne(OAuth2Token, {
        refreshTokenHash: this.hash(token),
        revokedAt: null,
        rotatedAt: null,
        refreshExpiresAt: { $gt: now },
      });
      return row && { row, type: 'refresh_token' };
    }
    return null;
  }

  private server(em: EntityManager, client: OAuth2Client, onReplay?: (grantId: string) => void): OAuth2Server {
    const model = oauth2Model({ em, clock: this.deps.clock, serverSecret: this.deps.serverSecret, client, onReplay });
    return new OAuth2Server({ model, authorizationCodeLifetime: OAUTH2_LIFETIMES_SECONDS.authorizationCode });
  }

  private hash(token: string): string {
    return hashToken(token, this.deps.serverSecret);
  }
}

function scopeDisplayName(scope: string): string {
  if (scope === OPENID_SCOPE) return 'Tell the app which organization this is';
  const [resource, access] = scope.split(':');
  return `${access === 'write' ? 'Create, change and delete' : 'Read'} ${resource.replace(/_/g, ' ')}`;
}
