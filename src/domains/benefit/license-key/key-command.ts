// One key-string command (validate, activate, deactivate) as two routes: the merchant's server's, with a token, and an
// app's, without one.
import type { z } from 'zod';
import type { ApiVersion } from '../../../contracts/api-version';
import type { Tx } from '../../../platform/database/transaction';
import { definePublicRoute, defineRoute } from '../../../platform/http/route';
import { WRITE } from './license-key.scopes';

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
export function keyCommand<B extends KeyBody>(
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
