// The organizations a token may list (its own), and a new one for the same owner, with its first token.
import { OrganizationList } from '../../contracts/organization';
import { OrganizationCreate, OrganizationCreated } from '../../contracts/organization-create';
import { OrganizationListQuery } from '../../contracts/organization-list-query';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { secretShownOnce } from '../../platform/idempotency';
import { accessTokenOutput } from './access-token.output';
import { organizationOutput } from './organization-own.output';
import type { OrganizationService } from './organization.service';
import { READ, WRITE } from './organization.scopes';

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
    defineRoute({
      method: 'post',
      path: '/v1/organizations/',
      summary: "Create an organization with the caller's owner; its first access token is shown once",
      scopes: WRITE,
      body: OrganizationCreate,
      status: 201,
      response: OrganizationCreated,
      idempotent: secretShownOnce({
        resource: 'organization',
        secret: 'first access token',
        read: (response: OrganizationCreated) => ({ id: response.id, secret: response.first_access_token.token }),
      }),
      // writes the organization and its first token
      async handler({ auth, tx, body }) {
        const { organization, token, accessToken } = await organizations.createOwned(tx, auth, body);
        return {
          ...organizationOutput(organization),
          first_access_token: { organization_access_token: accessTokenOutput(accessToken), token },
        };
      },
    }),
  ];
}
