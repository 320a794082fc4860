// HTTP surface of license keys: the merchant's list, read and edit; validate, activate and deactivate twice — for the
// merchant's server (token, its own organization only) and, without a token, for apps (3/s per client IP).
import type { RouteDefinition } from '../../../platform/http/route';
import type { LicenseKeyService } from './license-key.service';
import { licenseKeyActivationRoutes } from './license-key-activation.routes';
import { licenseKeyCommandRoutes } from './license-key-command.routes';
import { licenseKeysRoutes } from './license-keys.routes';

export function licenseKeyRoutes({ licenseKeys }: { licenseKeys: LicenseKeyService }): RouteDefinition[] {
  return [
    ...licenseKeysRoutes(licenseKeys),
    ...licenseKeyActivationRoutes(licenseKeys),
    ...licenseKeyCommandRoutes(licenseKeys),
  ];
}
