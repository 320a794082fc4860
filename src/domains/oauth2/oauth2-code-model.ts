// The OAuth2 library's storage of authorization codes: one-time, hashed, with their PKCE challenge and the nonce.
import type OAuth2Server from '@node-oauth/oauth2-server';
import { newId } from '../../kernel/ids';
import { generateToken, hashToken } from '../../platform/crypto/tokens';
import { OAuth2AuthorizationCode } from './oauth2.entity';
import { OAUTH2_PREFIXES } from './oauth2.logic';
import type { Grantor, ModelContext } from './oauth2-model-context';

type CodeModel = Pick<
  OAuth2Server.AuthorizationCodeModel,
  'generateAuthorizationCode' | 'saveAuthorizationCode' | 'getAuthorizationCode' | 'revokeAuthorizationCode'
>;

export function authorizationCodeModel(context: ModelContext): CodeModel {
  const { em, clock, serverSecret } = context;
  const hash = (token: string) => hashToken(token, serverSecret);

  return {
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
  };
}
