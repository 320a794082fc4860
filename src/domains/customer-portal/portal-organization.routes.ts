// The portal's public view of an organization, found by its slug without a token: what the portal's pages show of it
// and the products a customer can choose from (its public, non-archived ones, cheapest first).
import { CustomerOrganizationData, CustomerProduct, OrganizationSlugParams } from '../../contracts/portal-organization';
import { ResourceNotFound } from '../../kernel/errors';
import { definePublicRoute, type RouteDefinition } from '../../platform/http/route';
import type { ProductService } from '../catalog';
import type { OrganizationService } from '../organization';
import { customerOrganizationOutput } from './portal-organization';
import { publicProducts } from './portal-public-products';

export interface PortalOrganizationRouteDeps {
  organizations: OrganizationService;
  products: ProductService;
}

export function portalOrganizationRoutes({ organizations, products }: PortalOrganizationRouteDeps): RouteDefinition[] {
  return [
    definePublicRoute({
      method: 'get',
      path: '/v1/customer-portal/organizations/:slug',
      summary: 'An organization as its customers see it, with its public products',
      params: OrganizationSlugParams,
      status: 200,
      response: CustomerOrganizationData,
      async handler({ tx, params }) {
        const organization = await organizations.findOrganization(tx.em, params.slug);
        // findOrganization also takes an id; this endpoint answers to the slug alone
        if (organization.slug !== params.slug) throw new ResourceNotFound(`No organization "${params.slug}".`);
        const listed = await publicProducts(tx.em, products, organization.id);
        return {
          organization: customerOrganizationOutput(organization),
          products: listed.map((product) => CustomerProduct.parse(product)),
        };
      },
    }),
  ];
}
