// The access organizations granted apps: one grant, their list and its query.
import { z } from 'zod';
import { ListResource } from './list-resource';
import { PageQuery } from './query-params';
import { Timestamp } from './common';

/** Access an organization granted an app: live until the organization (or the app) revokes it. */
export const OAuth2Grant = z
  .object({
    id: z.string(),
    client_id: z.string(),
    client_name: z.string(),
    scopes: z.array(z.string()),
    created_at: Timestamp,
  })
  .meta({ id: 'OAuth2Grant' });
export const OAuth2GrantList = ListResource(OAuth2Grant).meta({ id: 'ListResource_OAuth2Grant_' });
export const OAuth2GrantListQuery = z.object({ ...PageQuery });
