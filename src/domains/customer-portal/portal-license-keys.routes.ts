// The customer portal's license keys: the caller's own, listed and read with their activations, and an activation
// deactivated without the key string (the public deactivate needs it). Another customer's key is not found.
import { z } from 'zod';
import type { LicenseKeyRead } from '../../contracts/license-key';
import { LicenseKeyActivationParams } from '../../contracts/license-key-activation';
import { IdParams } from '../../contracts/common';
import {
  PortalLicenseKeyList,
  PortalLicenseKeyListQuery,
  PortalLicenseKeyRead,
  PortalLicenseKeyWithActivations,
} from '../../contracts/portal-license-key';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { LicenseKeyService } from '../benefit';

export function portalLicenseKeyRoutes({ licenseKeys }: { licenseKeys: LicenseKeyService }): RouteDefinition[] {
  return [
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/license-keys/',
      summary: "List the customer's license keys",
      query: PortalLicenseKeyListQuery,
      status: 200,
      response: PortalLicenseKeyList,
      async handler({ tx, customer, query }) {
        const page = await licenseKeys.pageOfCustomer(tx.em, customer, query);
        return {
          items: page.items.map((key) => PortalLicenseKeyRead.parse(asSeenByHolder(key))),
          pagination: page.pagination,
        };
      },
    }),
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/license-keys/:id',
      summary: "Get one of the customer's license keys with its activations",
      params: IdParams,
      status: 200,
      response: PortalLicenseKeyWithActivations,
      async handler({ tx, customer, params }) {
        return PortalLicenseKeyWithActivations.parse(
          asSeenByHolder(await licenseKeys.withActivationsOfCustomer(tx.em, customer, params.id)),
        );
      },
    }),
    defineCustomerRoute({
      method: 'delete',
      path: '/v1/customer-portal/license-keys/:id/activations/:activation_id',
      summary:
        "Deactivate an activation of the customer's own key (when its benefit lets customers manage activations)",
      params: LicenseKeyActivationParams,
      status: 204,
      response: z.undefined(),
      async handler({ tx, customer, params }) {
        // soft-deletes the activation, which frees its place under the key's limit
        await licenseKeys.deactivateOfCustomer(tx, customer, params.id, params.activation_id);
      },
    }),
  ];
}

/** The key with the merchant's metadata and external id of the customer held back; the portal's contract drops the rest. */
function asSeenByHolder<K extends LicenseKeyRead>(key: K) {
  return { ...key, customer: { ...key.customer, metadata: {}, external_id: null } };
}
