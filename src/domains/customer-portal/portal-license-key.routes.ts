// The customer portal's license key: one of the caller's own, read with its activations, rotated, and an activation
// deactivated without the key string (the public deactivate needs it). Another customer's key is not found.
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { LicenseKeyActivationParams } from '../../contracts/license-key-activation';
import { PortalLicenseKeyWithActivations, PortalRotatedLicenseKey } from '../../contracts/portal-license-key';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { LicenseKeyService } from '../benefit';
import { asSeenByHolder } from './portal-license-key.output';

export function portalLicenseKeyDetailRoutes({ licenseKeys }: { licenseKeys: LicenseKeyService }): RouteDefinition[] {
  return [
    defineCustomerRoute({
      members: 'all',
      method: 'get',
      path: '/v1/customer-portal/license-keys/:id',
      summary: "Get one of the customer's license keys with its activations",
      params: IdParams,
      status: 200,
      response: PortalLicenseKeyWithActivations,
      async handler({ tx, customer, params }) {
        return PortalLicenseKeyWithActivations.parse(
          asSeenByHolder(await licenseKeys.withActivationsOfCustomer(tx.em, customer, params.id), customer.role),
        );
      },
    }),
    defineCustomerRoute({
      members: 'all',
      method: 'post',
      path: '/v1/customer-portal/license-keys/:id/rotate',
      summary: "Rotate one of the customer's license keys: a new key string, the old one stops validating",
      params: IdParams,
      status: 200,
      response: PortalRotatedLicenseKey,
      async handler({ tx, customer, params }) {
        const key = await licenseKeys.rotateOfCustomer(tx, customer, params.id);
        return PortalRotatedLicenseKey.parse(asSeenByHolder(await licenseKeys.output(tx.em, key), customer.role));
      },
    }),
    defineCustomerRoute({
      members: 'all',
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
