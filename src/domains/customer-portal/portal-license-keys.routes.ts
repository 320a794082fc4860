// The customer portal's license keys: the caller's own, listed and read with their activations, and an activation
// deactivated without the key string (the public deactivate needs it). Another customer's key is not found.
import { z } from 'zod';
import type { LicenseKeyRead } from '../../contracts/license-key';
import { LicenseKeyActivationParams, LicenseKeyList, LicenseKeyWithActivations } from '../../contracts/license-key';
import { IdParams } from '../../contracts/common';
import { PortalLicenseKeyListQuery } from '../../contracts/portal-benefit';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import { activationOutput, type LicenseKeyService } from '../benefit';

export function portalLicenseKeyRoutes({ licenseKeys }: { licenseKeys: LicenseKeyService }): RouteDefinition[] {
  return [
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/license-keys/',
      summary: "List the customer's license keys",
      query: PortalLicenseKeyListQuery,
      status: 200,
      response: LicenseKeyList,
      async handler({ tx, customer, query }) {
        const page = await licenseKeys.listOfCustomer(tx.em, customer, query);
        return { items: (await licenseKeys.outputs(tx.em, page.items)).map(asSeenByHolder), pagination: page.pagination };
      },
    }),
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/license-keys/:id',
      summary: "Get one of the customer's license keys with its activations",
      params: IdParams,
      status: 200,
      response: LicenseKeyWithActivations,
      async handler({ tx, customer, params }) {
        const key = await licenseKeys.getOfCustomer(tx.em, customer, params.id);
        const activations = await licenseKeys.activations(tx.em, key);
        return { ...asSeenByHolder(await licenseKeys.output(tx.em, key)), activations: activations.map(activationOutput) };
      },
    }),
    defineCustomerRoute({
      method: 'delete',
      path: '/v1/customer-portal/license-keys/:id/activations/:activation_id',
      summary: "Deactivate an activation of the customer's own key (when its benefit lets customers manage activations)",
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

/** The embedded customer without what the merchant keeps about them for itself. */
function asSeenByHolder<K extends LicenseKeyRead>(key: K): K {
  return { ...key, customer: { ...key.customer, metadata: {}, external_id: null } };
}
