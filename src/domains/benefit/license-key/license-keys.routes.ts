// The merchant's license keys: list them, read one with its activations, edit one, rotate one.
import { IdParams } from '../../../contracts/common';
import { LicenseKeyList, LicenseKeyListQuery } from '../../../contracts/license-key-list';
import { LicenseKeyRead, RotatedLicenseKey } from '../../../contracts/license-key';
import { LicenseKeyUpdate } from '../../../contracts/license-key-update';
import { LicenseKeyWithActivations } from '../../../contracts/license-key-activation';
import { detachedReads } from '../../../platform/database/detached-reads';
import { defineRoute, type RouteDefinition } from '../../../platform/http/route';
import type { LicenseKeyService } from './license-key.service';
import { activationOutput } from './license-key.output';
import { READ, WRITE } from './license-key.scopes';

export function licenseKeysRoutes(licenseKeys: LicenseKeyService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/license-keys/',
      summary: 'List license keys',
      readOnly: true,
      scopes: READ,
      query: LicenseKeyListQuery,
      status: 200,
      response: LicenseKeyList,
      async handler({ auth, tx, query }) {
        const em = detachedReads(tx.em);
        const page = await licenseKeys.list(em, auth.organizationId, query);
        return { items: await licenseKeys.outputs(em, page.items), pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/license-keys/:id',
      summary: 'Get a license key with its activations',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: LicenseKeyWithActivations,
      async handler({ auth, tx, params }) {
        const key = await licenseKeys.get(tx.em, auth.organizationId, params.id);
        const activations = await licenseKeys.activations(tx.em, key);
        return { ...(await licenseKeys.output(tx.em, key)), activations: activations.map(activationOutput) };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/license-keys/:id',
      summary: 'Update a license key',
      scopes: WRITE,
      params: IdParams,
      body: LicenseKeyUpdate,
      status: 200,
      response: LicenseKeyRead,
      async handler({ auth, tx, params, body }) {
        return licenseKeys.output(tx.em, await licenseKeys.update(tx, auth.organizationId, params.id, body));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/license-keys/:id/rotate',
      summary: 'Rotate a license key: a new key string, the old one stops validating (benefit_grant.updated)',
      scopes: WRITE,
      params: IdParams,
      status: 200,
      response: RotatedLicenseKey,
      async handler({ auth, tx, params }) {
        return licenseKeys.output(tx.em, await licenseKeys.rotate(tx, auth.organizationId, params.id));
      },
    }),
  ];
}
