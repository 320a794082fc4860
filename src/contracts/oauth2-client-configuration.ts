// What an organization registers an OAuth 2.0 client with, and updates it with.
import { z } from 'zod';
import { GRANT_TYPES, TOKEN_ENDPOINT_AUTH_METHODS, oauth2Uri as uri, scopeString } from './oauth2-fields';

const text = z.string().trim().min(1).max(255);

export const OAuth2ClientConfiguration = z
  .object({
    redirect_uris: z.array(uri).min(1).max(20),
    token_endpoint_auth_method: z.enum(TOKEN_ENDPOINT_AUTH_METHODS).default('client_secret_post'),
    grant_types: z.array(z.enum(GRANT_TYPES)).min(1).max(2).default(['authorization_code', 'refresh_token']),
    response_types: z.array(z.literal('code')).max(1).default(['code']),
    /** The scopes the client may ask for; by default every scope an OAuth client can be granted. */
    scope: scopeString.nullish(),
    client_name: text,
    client_uri: uri.nullish(),
    logo_uri: uri.nullish(),
    tos_uri: uri.nullish(),
    policy_uri: uri.nullish(),
    default_sub_type: z.literal('organization').nullish(),
  })
  .meta({ id: 'OAuth2ClientConfiguration' });
export type OAuth2ClientConfiguration = z.infer<typeof OAuth2ClientConfiguration>;

export const OAuth2ClientConfigurationUpdate = OAuth2ClientConfiguration.extend({
  client_id: z.string().max(100),
}).meta({
  id: 'OAuth2ClientConfigurationUpdate',
});
export type OAuth2ClientConfigurationUpdate = z.infer<typeof OAuth2ClientConfigurationUpdate>;
