// Validating, activating and deactivating a license key, each for the merchant's server and for apps.
import { z } from 'zod';
import {
  LicenseKeyActivate,
  LicenseKeyDeactivate,
  LicenseKeyValidate,
} from '../../../contracts/license-key-validation';
import { LicenseKeyActivationCreated, ValidatedLicenseKey } from '../../../contracts/license-key-sources';
import { type LicenseKeyRead } from '../../../contracts/license-key';
import { isOlder, type ApiVersion } from '../../../contracts/api-version';
import { LICENSE_KEY_SOURCES } from '../../../contracts/version-changes/2027-01-license-key-sources';
import type { Tx } from '../../../platform/database/transaction';
import { type RouteDefinition } from '../../../platform/http/route';
import type { LicenseKeyService } from './license-key.service';
import { activationOutput } from './license-key.output';
import { keyCommand } from './key-command';

export function licenseKeyCommandRoutes(licenseKeys: LicenseKeyService): RouteDefinition[] {
  // Only the versions that show what granted a key read it: validate stays one statement for the others.
  const sourcesShown = (tx: Tx, key: LicenseKeyRead, version: ApiVersion) =>
    isOlder(version, LICENSE_KEY_SOURCES.version) ? {} : licenseKeys.sourcesOf(tx.em, key);
  return [
    ...keyCommand(
      'validate',
      {
        summary: 'Validate a license key',
        body: LicenseKeyValidate,
        status: 200,
        response: ValidatedLicenseKey,
        outsideTransaction: true,
      },
      async (tx, organizationId, body, version) => {
        const { key, activation } = await licenseKeys.validate(tx.em, organizationId, body);
        return {
          ...key,
          ...(await sourcesShown(tx, key, version)),
          activation: activation && activationOutput(activation),
        };
      },
    ),
    ...keyCommand(
      'activate',
      {
        summary: 'Activate a license key',
        body: LicenseKeyActivate,
        status: 200,
        response: LicenseKeyActivationCreated,
        idempotent: true,
      },
      async (tx, organizationId, body, version) => {
        const { key, activation } = await licenseKeys.activate(tx, organizationId, body);
        const output = await licenseKeys.output(tx.em, key);
        return {
          ...activationOutput(activation),
          license_key: { ...output, ...(await sourcesShown(tx, output, version)) },
        };
      },
    ),
    ...keyCommand(
      'deactivate',
      {
        summary: 'Deactivate a license key activation',
        body: LicenseKeyDeactivate,
        status: 204,
        response: z.undefined(),
      },
      async (tx, organizationId, body) => {
        await licenseKeys.deactivate(tx, organizationId, body);
        return undefined;
      },
    ),
  ];
}
