// The customer portal's benefit grant list: the caller's own grants, narrowed by benefit, type, source or checkout, and
// read with the benefit as its holders see it.
import { CustomerBenefitGrantList, CustomerBenefitGrantListQuery } from '../../contracts/portal-benefit-grant-list';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { BenefitGrantQueries } from '../benefit';
import type { CheckoutService } from '../checkout';
import type { CustomerService } from '../customer';
import type { OrganizationService } from '../organization';
import { customerGrantOutput } from './portal-benefit.output';
import { checkoutSources } from './portal-checkout-sources';
import { viewerOf } from './portal-grant-viewer';

export interface PortalBenefitRouteDeps {
  grants: BenefitGrantQueries;
  customers: CustomerService;
  organizations: OrganizationService;
  checkouts: CheckoutService;
}

export function portalBenefitGrantListRoutes(deps: PortalBenefitRouteDeps): RouteDefinition[] {
  const { grants } = deps;
  return [
    defineCustomerRoute({
      members: 'all',
      method: 'get',
      path: '/v1/customer-portal/benefit-grants/',
      summary: "List the customer's benefit grants",
      query: CustomerBenefitGrantListQuery,
      status: 200,
      response: CustomerBenefitGrantList,
      async handler({ tx, customer, query }) {
        const sources =
          query.checkout_id &&
          (await checkoutSources(tx.em, deps.checkouts, customer.organizationId, query.checkout_id));
        const filter = {
          benefitIds: query.benefit_id,
          types: query.type,
          orderIds: query.order_id,
          subscriptionIds: query.subscription_id,
          memberIds: query.member_id,
          sources: sources || undefined,
          description: query.query,
        };
        const page = await grants.pageOfCustomer(tx.em, customer, filter, query);
        const viewer = await viewerOf(tx.em, deps, customer);
        return { items: page.items.map((grant) => customerGrantOutput(grant, viewer)), pagination: page.pagination };
      },
    }),
  ];
}
