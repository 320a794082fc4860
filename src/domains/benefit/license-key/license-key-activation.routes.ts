// One activation of one of the merchant's license keys, with its key.
import { LicenseKeyActivationParams, LicenseKeyActivationRead } from '../../../contracts/license-key-activation';
import { defineRoute, type RouteDefinition } from '../../../platform/http/route';
import type { LicenseKeyService } from './license-key.service';
import { activationOutput } from './license-key.output';
import { READ } from './license-key.scopes';

export function licenseKeyActivationRoutes(licenseKeys: LicenseKeyService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/license-keys/:id/activations/:activation_id',
      summary: 'Get a license key activation',
      scopes: READ,
      params: LicenseKeyActivationParams,
      status: 200,
      response: LicenseKeyActivationRead,
      async handler({ auth, tx, params }) {
        const { key, activation } = await licenseKeys.activation(
          tx.em,
          auth.organizationId,
          params.id,
          params.activation_id,
        );
        return { ...activationOutput(activation), license_key: await licenseKeys.output(tx.em, key) };
      },
    }),
  ];
}
