// An OAuth2 client as the API shows it (RFC 7591's registration response, without the secret).
import type { OAuth2Client as ClientOutput } from '../../contracts/oauth2-client';
import type { OAuth2Client } from './oauth2.entity';
import { SUB_TYPE } from './oauth2.logic';
import { scopeString } from './grantable-scopes.logic';

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
