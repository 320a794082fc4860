// The token's own organization: read it, edit it.
import { IdParams } from '../../contracts/common';
import { Organization } from '../../contracts/organization';
import { OrganizationUpdate } from '../../contracts/organization-update';
import { NotPermitted } from '../../kernel/errors';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { organizationOutput } from './organization-own.output';
import type { OrganizationService } from './organization.service';
import { READ, TOKENS_WRITE, WRITE } from './organization.scopes';

export function organizationByIdRoutes(organizations: OrganizationService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/organizations/:id',
      summary: 'Get an organization',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: Organization,
      async handler({ auth, tx, params }) {
        return organizationOutput(await organizations.getOwn(tx.em, auth.organizationId, params.id));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/organizations/:id',
      summary: 'Update an organization and its settings (writes organization.updated)',
      scopes: WRITE,
      params: IdParams,
      body: OrganizationUpdate,
      status: 200,
      response: Organization,
      async handler({ auth, tx, params, body }) {
        const own = await organizations.getOwn(tx.em, auth.organizationId, params.id);
        // Leak notices go to the owner's address: only a token that may manage access moves them (no app can).
        if (body.owner_email !== undefined && !auth.scopes.has(TOKENS_WRITE[0])) {
          throw new NotPermitted(`Changing owner_email takes a token with ${TOKENS_WRITE[0]}.`);
        }
        return organizationOutput(await organizations.update(tx, own.id, body));
      },
    }),
  ];
}
