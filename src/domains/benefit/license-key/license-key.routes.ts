// HTTP surface of license keys: the merchant's list, read and edit; validate, activate and deactivate twice — for the
// merchant's server (token, its own organization only) and, without a token, for apps (3/s per client IP).
import { z } from 'zod';
import { IdParams } from '../../../contracts/common';
import {
  LicenseKeyActivate,
  LicenseKeyDeactivate,
  LicenseKeyValidate,
} from '../../../contracts/license-key-validation';
import {
  LicenseKeyActivationParams,
  LicenseKeyActivationRead,
  LicenseKeyWithActivations,
} from '../../../contracts/license-key-activation';
import { LicenseKeyActivationCreated, ValidatedLicenseKey } from '../../../contracts/license-key-sources';
import { LicenseKeyList, LicenseKeyListQuery } from '../../../contracts/license-key-list';
import { LicenseKeyRead } from '../../../contracts/license-key';
import { LicenseKeyUpdate } from '../../../contracts/license-key-update';
import { isOlder, type ApiVersion } from '../../../contracts/api-version';
import { LICENSE_KEY_SOURCES } from '../../../contracts/version-changes/2027-01-license-key-sources';
import type { Tx } from '../../../platform/database/transaction';
import { definePublicRoute, defineRoute, type RouteDefinition } from '../../../platform/http/route';
import type { LicenseKeyService } from './license-key.service';
import { activationOutput } from './license-key.output';

const READ = ['license_keys:read', 'license_keys:write'] as const;
const WRITE = ['license_keys:write'] as const;

/** What an app sends about a key: the key string and the organization that issued it. */
type KeyBody = z.ZodType<{ key: string; organization_id: string }>;
type Command<B extends KeyBody> = {
  summary: string;
  body: B;
  status: number;
  response: z.ZodType;
  /** The command makes its own transaction when it needs one (validate: one guarded statement in the common case). */
  outsideTransaction?: boolean;
  /** The merchant's route honours `X-Idempotency-Key` (an app's call, without a token, has no organization to key on). */
  idempotent?: boolean;
};

/** One key-string command for both audiences, differing only in whose organization it searches. */
function keyCommand<B extends KeyBody>(
  action: string,
  command: Command<B>,
  run: (tx: Tx, organizationId: string, body: z.output<B>, version: ApiVersion) => Promise<unknown>,
) {
  const { idempotent, ...shared } = command;
  return [
    defineRoute({
      method: 'post',
      path: `/v1/license-keys/${action}`,
      ...shared,
      idempotent,
      scopes: WRITE,
      // writes the key's counters or an activation, in the token's organization only
      handler: ({ auth, tx, body, request }) => run(tx, auth.organizationId, body as z.output<B>, request.apiVersion),
    }),
    definePublicRoute({
      method: 'post',
      path: `/v1/customer-portal/license-keys/${action}`,
      ...shared,
      summary: `${command.summary} (no token: for apps)`,
      rateLimit: 'license_key',
      // writes the key's counters or an activation, in the organization the body names
      handler: ({ tx, body, request }) => {
        const parsed = body as z.output<B>;
        return run(tx, parsed.organization_id, parsed, request.apiVersion);
      },
    }),
  ];
}

export function licenseKeyRoutes({ licenseKeys }: { licenseKeys: LicenseKeyService }): RouteDefinition[] {
  // Only the versions that show what granted a key read it: validate stays one statement for the others.
  const sourcesShown = (tx: Tx, key: LicenseKeyRead, version: ApiVersion) =>
    isOlder(version, LICENSE_KEY_SOURCES.version) ? {} : licenseKeys.sourcesOf(tx.em, key);
  return [
    defineRoute({
      method: 'get',
      path: '/v1/license-keys/',
      summary: 'List license keys',
      scopes: READ,
      query: LicenseKeyListQuery,
      status: 200,
      response: LicenseKeyList,
      async handler({ auth, tx, query }) {
        const page = await licenseKeys.list(tx.em, auth.organizationId, query);
        return { items: await licenseKeys.outputs(tx.em, page.items), pagination: page.pagination };
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
