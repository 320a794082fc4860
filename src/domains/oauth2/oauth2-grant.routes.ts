// The apps an organization granted access to: listed, and withdrawn with every token of the grant.
import { z } from 'zod';
import { OAuth2GrantList, OAuth2GrantListQuery } from '../../contracts/oauth2-grant';
import { IdParams } from '../../contracts/common';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { OAuth2Service } from './oauth2.service';
import { MANAGE } from './oauth2.scopes';

export function oauth2GrantRoutes(oauth2: OAuth2Service): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/oauth2/grants/',
      summary: 'The apps this organization granted access to (Bursar’s own)',
      scopes: ['organization_access_tokens:read', ...MANAGE],
      query: OAuth2GrantListQuery,
      status: 200,
      response: OAuth2GrantList,
      async handler({ auth, tx, query }) {
        return oauth2.grants(tx.em, auth.organizationId, query);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/oauth2/grants/:id',
      summary: 'Withdraw an app’s access: every token of the grant stops working (Bursar’s own)',
      scopes: MANAGE,
      params: IdParams,
      status: 204,
      response: z.undefined(),
      async handler({ auth, tx, params }) {
        await oauth2.revokeGrant(tx.em, auth.organizationId, params.id);
        return undefined;
      },
    }),
  ];
}
