// HTTP surface of offline license tokens: a key's signed token, the organization's public signing keys (with a
// token, and without one for apps), and rotation.
import { IdParams } from '../../../contracts/common';
import { LicenseKeyToken, LicenseKeyTokenRequest } from '../../../contracts/license-token';
import {
  LicenseSigningKeyList,
  LicenseSigningKeyListQuery,
  LicenseSigningKeyRead,
  OrganizationIdParams,
} from '../../../contracts/license-signing-key';
import { definePublicRoute, defineRoute, type RouteDefinition } from '../../../platform/http/route';
import type { LicenseTokenService } from './license-token.service';

const READ = ['license_keys:read', 'license_keys:write'] as const;
const WRITE = ['license_keys:write'] as const;

export function licenseTokenRoutes({ tokens }: { tokens: LicenseTokenService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/license-keys/:id/token',
      summary: 'A granted license key as a signed token that apps verify offline with the public signing keys',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: LicenseKeyToken,
      // writes the organization's first signing key when it has none yet
      async handler({ auth, tx, params }) {
        return tokens.token(tx.em, auth.organizationId, params.id);
      },
    }),
    definePublicRoute({
      method: 'post',
      path: '/v1/customer-portal/license-keys/token',
      summary: 'An app refreshes its offline token with the key it holds (no token needed; 3 requests/s per IP)',
      body: LicenseKeyTokenRequest,
      status: 200,
      response: LicenseKeyToken,
      rateLimit: 'license_key',
      // writes the organization's first signing key when it has none yet
      async handler({ tx, body }) {
        return tokens.tokenForKey(tx.em, body.organization_id, body.key);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/license-key-signing-keys/',
      summary:
        "The organization's license-token signing keys: the current one and the retired ones whose tokens may be unexpired",
      scopes: READ,
      query: LicenseSigningKeyListQuery,
      status: 200,
      response: LicenseSigningKeyList,
      async handler({ auth, tx, query }) {
        return tokens.list(tx.em, auth.organizationId, query);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/license-key-signing-keys/rotate',
      summary:
        'Rotate the license-token signing key; tokens signed with the retired one keep verifying until they expire',
      scopes: WRITE,
      status: 201,
      response: LicenseSigningKeyRead,
      idempotent: true,
      // retires the current key, writes the next version
      async handler({ auth, tx }) {
        return tokens.rotate(tx.em, auth.organizationId);
      },
    }),
    definePublicRoute({
      method: 'get',
      path: '/v1/organizations/:organization_id/license-public-keys',
      summary: "An organization's license-token public keys, without a token (empty for an organization without any)",
      params: OrganizationIdParams,
      query: LicenseSigningKeyListQuery,
      status: 200,
      response: LicenseSigningKeyList,
      async handler({ tx, params, query }) {
        return tokens.list(tx.em, params.organization_id, query);
      },
    }),
  ];
}
