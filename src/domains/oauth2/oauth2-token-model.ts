// The OAuth2 library's storage of access/refresh token pairs: hashed, rotating on refresh, a replayed refresh token
// told.
import type OAuth2Server from '@node-oauth/oauth2-server';
import { newId } from '../../kernel/ids';
import { generateToken, hashToken } from '../../platform/crypto/tokens';
import { OAuth2Token } from './oauth2.entity';
import { OAUTH2_LIFETIMES_SECONDS, OAUTH2_PREFIXES } from './oauth2.logic';
import { withinClientScopes } from './grant-scopes.logic';
import type { Grantor, ModelContext } from './oauth2-model-context';

type TokenModel = Pick<
  OAuth2Server.RefreshTokenModel,
  'generateAccessToken' | 'generateRefreshToken' | 'saveToken' | 'getAccessToken' | 'getRefreshToken' | 'revokeToken'
>;

export function tokenModel(context: ModelContext): TokenModel {
  const { em, clock, serverSecret } = context;
  const hash = (token: string) => hashToken(token, serverSecret);

  return {
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
