// The consent screen's data (the client, the organizations to pick from, the scopes) and the consent's answer.
import { z } from 'zod';
import { Timestamp } from './common';
import { AuthorizeRequest } from './oauth2-authorize';

const AuthorizeOrganization = z.object({ id: z.string(), slug: z.string(), avatar_url: z.string().nullable() });

export const AuthorizeResponseOrganization = z
  .object({
    client: z.object({
      created_at: Timestamp,
      modified_at: Timestamp.nullable(),
      client_id: z.string(),
      client_name: z.string().nullable(),
      client_uri: z.string().nullable(),
      logo_uri: z.string().nullable(),
      tos_uri: z.string().nullable(),
      policy_uri: z.string().nullable(),
    }),
    sub_type: z.literal('organization'),
    sub: AuthorizeOrganization.nullable(),
    scopes: z.array(z.string()),
    organizations: z.array(AuthorizeOrganization),
    scope_display_names: z.record(z.string(), z.string()),
  })
  .meta({ id: 'AuthorizeResponseOrganization' });

export const ConsentBody = AuthorizeRequest.extend({ action: z.enum(['allow', 'deny']) }).meta({ id: 'OAuth2Consent' });
export type ConsentBody = z.infer<typeof ConsentBody>;

export const ConsentResponse = z.object({ redirect_uri: z.string() }).meta({ id: 'OAuth2ConsentResponse' });
