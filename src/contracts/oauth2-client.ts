// A registered OAuth 2.0 client as the API shows it, and the path parameter naming one.
import { z } from 'zod';
import { Timestamp } from './common';

export const OAuth2Client = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    client_id: z.string(),
    /** Only in the answer to the registration (and never for a public client): it is stored as a digest. */
    client_secret: z.string().optional(),
    client_id_issued_at: z.int(),
    client_secret_expires_at: z.int(),
    redirect_uris: z.array(z.string()),
    token_endpoint_auth_method: z.string(),
    grant_types: z.array(z.string()),
    response_types: z.array(z.string()),
    scope: z.string(),
    client_name: z.string(),
    client_uri: z.string().nullable(),
    logo_uri: z.string().nullable(),
    tos_uri: z.string().nullable(),
    policy_uri: z.string().nullable(),
    default_sub_type: z.literal('organization'),
  })
  .meta({ id: 'OAuth2Client' });
export type OAuth2Client = z.infer<typeof OAuth2Client>;

export const ClientIdParams = z.object({ client_id: z.string().min(1).max(100) });
