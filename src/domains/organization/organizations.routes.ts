// The organizations a token may list: its own.
import { OrganizationList } from '../../contracts/organization';
import { OrganizationListQuery } from '../../contracts/organization-list-query';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { organizationOutput } from './organization-own.output';
import type { OrganizationService } from './organization.service';
import { READ } from './organization.scopes';

export function organizationsRoutes(organizations: OrganizationService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/organizations/',
      summary: "List organizations (a token's own)",
      scopes: READ,
      query: OrganizationListQuery,
      status: 200,
      response: OrganizationList,
      async handler({ auth, tx, query }) {
        const page = await organizations.listOwn(tx.em, auth.organizationId, query);
        return { items: page.items.map(organizationOutput), pagination: page.pagination };
      },
    }),
  ];
}
