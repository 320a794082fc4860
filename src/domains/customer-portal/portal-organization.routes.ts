// The portal's public view of an organization, found by its slug without a token: what the portal's pages show of it
// and the products a customer can choose from (its public, non-archived ones, cheapest first).
import type { EntityManager } from '@mikro-orm/postgresql';
import { CustomerOrganizationData, CustomerProduct, OrganizationSlugParams } from '../../contracts/portal-organization';
import type { Product as ProductOutput } from '../../contracts/product';
import type { ProductListQuery } from '../../contracts/product-list-query';
import { ResourceNotFound } from '../../kernel/errors';
import { MAX_PAGE_LIMIT } from '../../kernel/pagination';
import { definePublicRoute, type RouteDefinition } from '../../platform/http/route';
import type { ProductService } from '../catalog';
import type { OrganizationService } from '../organization';
import { customerOrganizationOutput } from './portal-organization';

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

async function publicProducts(
  em: EntityManager,
  products: ProductService,
  organizationId: string,
): Promise<ProductOutput[]> {
  const rows = [];
  for (let page = 1; ; page++) {
    const query: ProductListQuery = {
      page,
      limit: MAX_PAGE_LIMIT,
      is_archived: false,
      visibility: ['public'],
      sorting: ['price_amount'],
      metadata: {},
    };
    const listed = await products.list(em, organizationId, query);
    rows.push(...listed.items);
    if (page >= listed.pagination.max_page) break;
  }
  return products.outputs(em, rows);
}
