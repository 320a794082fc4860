// Introspection (RFC 7662): the client's own live token described; anything else is simply inactive.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { IntrospectTokenRequest } from '../../contracts/oauth2-introspection';
import type { Clock } from '../../kernel/clock';
import { findLiveToken } from './find-oauth2-token';
import type { ClientAuthenticator } from './oauth2-client-auth';
import { SUB_TYPE } from './oauth2.logic';
import { scopeString } from './grantable-scopes.logic';

export async function introspectToken(
  deps: { clock: Clock; serverSecret: string; publicUrl: string; clientAuthenticator: ClientAuthenticator },
  em: EntityManager,
  body: IntrospectTokenRequest,
  authorization: string,
) {
  const { client } = await deps.clientAuthenticator.authenticate(em, body, authorization, { confidentialOnly: true });
  const found = await findLiveToken(deps, em, body.token);
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
    iss: deps.publicUrl,
    exp: Math.floor((type === 'access_token' ? row.accessExpiresAt : row.refreshExpiresAt!).getTime() / 1000),
    iat: Math.floor(row.createdAt.getTime() / 1000),
  };
}
