// The customer portal's benefit grant: one of the caller's own, read with the benefit as its holders see it, and the
// update a customer cannot make. Another customer's grant is not found.
import { IdParams } from '../../contracts/common';
import { CustomerBenefitGrant } from '../../contracts/portal-benefit-grant';
import { CustomerBenefitGrantUpdate } from '../../contracts/portal-benefit-grant-update';
import { NotPermitted } from '../../kernel/errors';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { BenefitGrantQueries } from '../benefit';
import type { CustomerService } from '../customer';
import type { OrganizationService } from '../organization';
import { customerGrantOutput } from './portal-benefit.output';
import { viewerOf } from './portal-grant-viewer';

export function portalBenefitGrantRoutes(deps: {
  grants: BenefitGrantQueries;
  customers: CustomerService;
  organizations: OrganizationService;
}): RouteDefinition[] {
  const { grants } = deps;
  return [
    defineCustomerRoute({
      members: 'all',
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
      members: 'all',
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
  ];
}
