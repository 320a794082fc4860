// The storage @node-oauth/oauth2-server works on (its "model"), on our tables in the request's transaction: clients,
// one-time authorization codes with their PKCE challenge, and access/refresh token pairs that rotate on refresh.
import type { EntityManager } from '@mikro-orm/postgresql';
import type OAuth2Server from '@node-oauth/oauth2-server';
import type { Clock } from '../../kernel/clock';
import { newId } from '../../kernel/ids';
import { generateToken, hashToken } from '../../platform/crypto/tokens';
import { OAuth2AuthorizationCode, type OAuth2Client, OAuth2Token } from './oauth2.entity';
import { OAUTH2_LIFETIMES_SECONDS, OAUTH2_PREFIXES, OPENID_SCOPE, withinClientScopes } from './oauth2.logic';

/**
 * Who grants (the organization that consents, with its token's scopes) and, from the code or the refresh token, the
 * grant carried on: when it was consented to, and the authorization request's nonce (the code's only).
 */
export interface Grantor {
  organizationId: string;
  consentingScopes?: ReadonlySet<string>;
  grantId?: string;
  consentedAt?: Date | null;
  nonce?: string | null;
}

export interface ModelContext {
  em: EntityManager;
  clock: Clock;
  serverSecret: string;
  /**
   * The client the request names, already found (and at the token endpoint authenticated) by the service: the
   * library asks for it again, and gets it without a second lookup or secret check.
   */
  client: OAuth2Client;
  /**
   * Told when a spent code or a retired refresh token comes back, to revoke its grant outside the failing request's
   * transaction.
   */
  onReplay?(grantId: string): void;
}

export function oauth2Model(
  context: ModelContext,
): OAuth2Server.AuthorizationCodeModel & OAuth2Server.RefreshTokenModel {
  const { em, clock, serverSecret } = context;
  const hash = (token: string) => hashToken(token, serverSecret);

  return {
    async getClient(clientId) {
      const { client } = context;
      if (clientId !== client.clientId) return null;
      return { id: client.clientId, redirectUris: client.redirectUris, grants: client.grantTypes, record: client };
    },

    /**
     * At consent: within the client's scopes and the consenting token's; at the exchange, the code's still within the
     * client's. `openid` reads nothing: any client may have it.
     */
    async validateScope(user, _client, scope) {
      const { consentingScopes } = user as Grantor;
      const allowed = (s: string) =>
        s === OPENID_SCOPE || (context.client.scopes.includes(s) && (!consentingScopes || consentingScopes.has(s)));
      return scope?.length && scope.every(allowed) ? scope : false;
    },

    async generateAuthorizationCode() {
      return generateToken(OAUTH2_PREFIXES.authorizationCode);
    },

    async saveAuthorizationCode(code, client, user) {
      em.create(OAuth2AuthorizationCode, {
        id: newId(),
        codeHash: hash(code.authorizationCode),
        grantId: newId(),
        clientId: client.id,
        organizationId: (user as Grantor).organizationId,
        scopes: code.scope ?? [],
        redirectUri: code.redirectUri,
        codeChallenge: code.codeChallenge ?? null,
        codeChallengeMethod: code.codeChallengeMethod ?? null,
        nonce: (user as Grantor).nonce ?? null,
        expiresAt: code.expiresAt,
        usedAt: null,
        createdAt: clock.now(),
      });
      await em.flush();
      return { ...code, client, user };
    },

    async getAuthorizationCode(authorizationCode) {
      const code = await em.findOne(OAuth2AuthorizationCode, { codeHash: hash(authorizationCode) });
      if (!code) return null;
      if (code.usedAt) {
        context.onReplay?.(code.grantId);
        return null;
      }
      return {
        authorizationCode,
        expiresAt: code.expiresAt,
        redirectUri: code.redirectUri,
        scope: code.scopes,
        client: { id: code.clientId, grants: [] },
        user: {
          organizationId: code.organizationId,
          grantId: code.grantId,
          consentedAt: code.createdAt,
          nonce: code.nonce,
        } satisfies Grantor,
        codeChallenge: code.codeChallenge ?? undefined,
        codeChallengeMethod: code.codeChallengeMethod ?? undefined,
      };
    },

    /** A code is spent once: the guarded write lets one of two racing exchanges through. */
    async revokeAuthorizationCode(code) {
      const spent = await em.nativeUpdate(
        OAuth2AuthorizationCode,
        { codeHash: hash(code.authorizationCode), usedAt: null },
        { usedAt: clock.now() },
      );
      return spent === 1;
    },

    async generateAccessToken() {
      return generateToken(OAUTH2_PREFIXES.accessToken);
    },

    async generateRefreshToken() {
      return generateToken(OAUTH2_PREFIXES.refreshToken);
    },

    async saveToken(token, client, user) {
      const grantor = user as Grantor;
      em.create(OAuth2Token, {
        id: newId(),
        grantId: grantor.grantId ?? newId(),
        clientId: client.id,
        organizationId: grantor.organizationId,
        accessTokenHash: hash(token.accessToken),
        refreshTokenHash: token.refreshToken ? hash(token.refreshToken) : null,
        // within the client's scopes as they are now (a refresh after the owner narrowed the client carries less)
        scopes: (token.scope ?? []).filter((scope) => withinClientScopes(scope, context.client.scopes)),
        accessExpiresAt:
          token.accessTokenExpiresAt ?? new Date(clock.now().getTime() + OAUTH2_LIFETIMES_SECONDS.accessToken * 1000),
        refreshExpiresAt: token.refreshTokenExpiresAt ?? null,
        rotatedAt: null,
        revokedAt: null,
        consentedAt: grantor.consentedAt ?? null,
        createdAt: clock.now(),
      });
      await em.flush();
      return { ...token, client, user };
    },

    async getAccessToken(accessToken) {
      const row = await em.findOne(OAuth2Token, { accessTokenHash: hash(accessToken), revokedAt: null });
      if (!row) return null;
      return {
        accessToken,
        accessTokenExpiresAt: row.accessExpiresAt,
        scope: row.scopes,
        client: { id: row.clientId, grants: [] },
        user: grantorOf(row),
      };
    },

    /**
     * A refresh token already rotated away, presented again, means it leaked: the caller revokes the whole grant (every
     * token the consent led to), as the OAuth 2.0 Security BCP (RFC 9700 §4.14) advises.
     */
    async getRefreshToken(refreshToken) {
      const row = await em.findOne(OAuth2Token, { refreshTokenHash: hash(refreshToken), revokedAt: null });
      if (!row) return null;
      if (row.rotatedAt) {
        context.onReplay?.(row.grantId);
        return null;
      }
      return {
        refreshToken,
        refreshTokenExpiresAt: row.refreshExpiresAt ?? undefined,
        scope: row.scopes,
        client: { id: row.clientId, grants: [] },
        user: grantorOf(row),
      };
    },

    /** Rotation: the presented refresh token stops working; a second racing refresh with it loses. */
    async revokeToken(token) {
      const rotated = await em.nativeUpdate(
        OAuth2Token,
        { refreshTokenHash: hash(token.refreshToken), rotatedAt: null, revokedAt: null },
        { rotatedAt: clock.now() },
      );
      return rotated === 1;
    },
  };
}

const grantorOf = (row: OAuth2Token): Grantor => ({
  organizationId: row.organizationId,
  grantId: row.grantId,
  consentedAt: row.consentedAt,
});
