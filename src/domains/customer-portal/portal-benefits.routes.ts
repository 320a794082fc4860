// The customer portal's benefit grants and downloads: the caller's own only, read with the benefit as its holders see
// it. Another customer's grant is not found.
import type { EntityManager } from '@mikro-orm/postgresql';
import { IdParams } from '../../contracts/common';
import { CustomerBenefitGrant } from '../../contracts/portal-benefit-grant';
import { CustomerBenefitGrantList, CustomerBenefitGrantListQuery } from '../../contracts/portal-benefit-grant-list';
import { CustomerBenefitGrantUpdate } from '../../contracts/portal-benefit-grant-update';
import { DownloadableList, DownloadableListQuery, DownloadableRead } from '../../contracts/portal-downloadable';
import { NotPermitted, ResourceNotFound } from '../../kernel/errors';
import { defineCustomerRoute, type AuthenticatedCustomer, type RouteDefinition } from '../../platform/http/route';
import type { BenefitGrantQueries, DownloadableService } from '../benefit';
import type { CheckoutService } from '../checkout';
import type { CustomerService } from '../customer';
import type { OrganizationService } from '../organization';
import { customerGrantOutput, type GrantViewer } from './portal-benefit.output';
import { portalCustomerOutput } from './portal-customer.output';
import { customerOrganization } from './portal-organization';

export interface PortalBenefitRouteDeps {
  grants: BenefitGrantQueries;
  downloads: DownloadableService;
  customers: CustomerService;
  organizations: OrganizationService;
  checkouts: CheckoutService;
}

export function portalBenefitRoutes(deps: PortalBenefitRouteDeps): RouteDefinition[] {
  const { grants, downloads } = deps;
  return [
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/benefit-grants/',
      summary: "List the customer's benefit grants",
      query: CustomerBenefitGrantListQuery,
      status: 200,
      response: CustomerBenefitGrantList,
      async handler({ tx, customer, query }) {
        if (query.member_id) return { items: [], pagination: { total_count: 0, max_page: 0 } }; // Bursar has no members
        const sources =
          query.checkout_id &&
          (await checkoutSources(tx.em, deps.checkouts, customer.organizationId, query.checkout_id));
        const filter = {
          benefitIds: query.benefit_id,
          types: query.type,
          orderIds: query.order_id,
          subscriptionIds: query.subscription_id,
          sources: sources || undefined,
          description: query.query,
        };
        const page = await grants.pageOfCustomer(tx.em, customer, filter, query);
        const viewer = await viewerOf(tx.em, deps, customer);
        return { items: page.items.map((grant) => customerGrantOutput(grant, viewer)), pagination: page.pagination };
      },
    }),
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/benefit-grants/:id',
      summary: "Get one of the customer's benefit grants",
      params: IdParams,
      status: 200,
      response: CustomerBenefitGrant,
      async handler({ tx, customer, params }) {
        return customerGrantOutput(
          await grants.getOfCustomer(tx.em, customer, params.id),
          await viewerOf(tx.em, deps, customer),
        );
      },
    }),
    defineCustomerRoute({
      method: 'patch',
      path: '/v1/customer-portal/benefit-grants/:id',
      summary:
        'Update a benefit grant: always 403, as no Bursar benefit has an outside account (Discord, GitHub) to connect',
      params: IdParams,
      body: CustomerBenefitGrantUpdate,
      status: 200,
      response: CustomerBenefitGrant,
      async handler({ tx, customer, params }) {
        await grants.getOfCustomer(tx.em, customer, params.id);
        throw new NotPermitted(
          'This benefit grant has no account to connect; there is nothing a customer can change on it.',
        );
      },
    }),
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/downloadables/',
      summary: "List the files the customer's grants give, each with a signed download link",
      query: DownloadableListQuery,
      status: 200,
      response: DownloadableList,
      async handler({ tx, customer, query }) {
        const page = await downloads.pageOfCustomer(tx.em, customer, query);
        return { items: page.items.map((download) => DownloadableRead.parse(download)), pagination: page.pagination };
      },
    }),
  ];
}

async function viewerOf(
  em: EntityManager,
  deps: PortalBenefitRouteDeps,
  customer: AuthenticatedCustomer,
): Promise<GrantViewer> {
  return {
    customer: portalCustomerOutput(await deps.customers.getOutput(em, customer.organizationId, customer.customerId)),
    organization: await customerOrganization(em, deps.organizations, customer.organizationId),
  };
}

/** The orders and subscriptions the organization's checkouts created; unknown checkouts add none. */
async function checkoutSources(
  em: EntityManager,
  checkouts: CheckoutService,
  organizationId: string,
  ids: readonly string[],
) {
  const sources = { orderIds: [] as string[], subscriptionIds: [] as string[] };
  for (const id of new Set(ids)) {
    const checkout = await checkouts.get(em, organizationId, id).catch((error: unknown) => {
      if (error instanceof ResourceNotFound) return null;
      throw error;
    });
    if (checkout?.orderId) sources.orderIds.push(checkout.orderId);
    if (checkout?.subscriptionId) sources.subscriptionIds.push(checkout.subscriptionId);
  }
  return sources;
}
