// An organization access token as the API shows it (on creation, with the token itself), their list and its query.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { ListResource } from './list-resource';
import { PageQuery } from './query-params';

export const OrganizationAccessToken = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    scopes: z.array(z.string()),
    organization_id: Uuid,
    expires_at: Timestamp.nullable(),
    comment: z.string(),
    last_used_at: Timestamp.nullable(),
  })
  .meta({ id: 'OrganizationAccessToken' });
export type OrganizationAccessToken = z.infer<typeof OrganizationAccessToken>;

export const OrganizationAccessTokenCreateResponse = z
  .object({ organization_access_token: OrganizationAccessToken, token: z.string() })
  .meta({ id: 'OrganizationAccessTokenCreateResponse' });

export const OrganizationAccessTokenList = ListResource(OrganizationAccessToken).meta({
  id: 'ListResource_OrganizationAccessToken_',
});

export const OrganizationAccessTokenListQuery = z.object({ ...PageQuery });
