// The storage @node-oauth/oauth2-server works on (its "model"), on our tables in the request's transaction: clients
// and scopes here, one-time authorization codes with their PKCE challenge (oauth2-code-model.ts), and access/refresh
// token pairs that rotate on refresh (oauth2-token-model.ts).
import type OAuth2Server from '@node-oauth/oauth2-server';
import { authorizationCodeModel } from './oauth2-code-model';
import type { Grantor, ModelContext } from './oauth2-model-context';
import { tokenModel } from './oauth2-token-model';
import { OPENID_SCOPE } from './grantable-scopes.logic';

export function oauth2Model(
  context: ModelContext,
): OAuth2Server.AuthorizationCodeModel & OAuth2Server.RefreshTokenModel {
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

    ...authorizationCodeModel(context),
    ...tokenModel(context),
  };
}
