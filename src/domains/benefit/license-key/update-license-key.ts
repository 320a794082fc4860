// The merchant's edit of a license key, its row locked: status, usage, limits and expiry.
import type { LicenseKeyUpdate } from '../../../contracts/license-key-update';
import type { Clock } from '../../../kernel/clock';
import type { Tx } from '../../../platform/database/transaction';
import { licenseKeys as keys } from './find-license-key';
import type { LicenseKey } from './license-key.entity';

/** Applies the fields the body names; `usage` stays as it is unless named, a null limit or expiry clears it. */
export async function updateLicenseKey(
  clock: Clock,
  tx: Tx,
  organizationId: string,
  id: string,
  body: LicenseKeyUpdate,
): Promise<LicenseKey> {
  const key = await keys.get(tx.em, organizationId, id, { lock: true });
  if (body.status != null) key.status = body.status;
  if (body.usage !== undefined) key.usage = body.usage;
  if (body.limit_activations !== undefined) key.limitActivations = body.limit_activations;
  if (body.limit_usage !== undefined) key.limitUsage = body.limit_usage;
  if (body.expires_at !== undefined) key.expiresAt = body.expires_at === null ? null : new Date(body.expires_at);
  key.modifiedAt = clock.now();
  await tx.em.flush();
  return key;
}
