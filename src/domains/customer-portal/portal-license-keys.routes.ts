// The customer portal's license key list: the caller's own keys, as their holder sees them.
import {
  PortalLicenseKeyList,
  PortalLicenseKeyListQuery,
  PortalLicenseKeyRead,
} from '../../contracts/portal-license-key';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { LicenseKeyService } from '../benefit';
import { asSeenByHolder } from './portal-license-key.output';

export function portalLicenseKeyRoutes({ licenseKeys }: { licenseKeys: LicenseKeyService }): RouteDefinition[] {
  return [
    defineCustomerRoute({
      members: 'all',
      method: 'get',
      path: '/v1/customer-portal/license-keys/',
      summary: "List the customer's license keys",
      query: PortalLicenseKeyListQuery,
      status: 200,
      response: PortalLicenseKeyList,
      async handler({ tx, customer, query }) {
        const page = await licenseKeys.pageOfCustomer(tx.em, customer, query);
        return {
          items: page.items.map((key) => PortalLicenseKeyRead.parse(asSeenByHolder(key, customer.role))),
          pagination: page.pagination,
        };
      },
    }),
  ];
}
