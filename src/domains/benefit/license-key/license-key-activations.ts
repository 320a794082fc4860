// Activating and deactivating a license key: an app by the key string, or the customer from the portal when the
// key's benefit lets them. Each locks the key's row, so the activation limit holds under concurrent calls.
import type { LicenseKeyActivate, LicenseKeyDeactivate } from '../../../contracts/license-key-validation';
import type { Clock } from '../../../kernel/clock';
import { NotPermitted } from '../../../kernel/errors';
import { newId } from '../../../kernel/ids';
import type { Tx } from '../../../platform/database/transaction';
import type { AccountViewer } from '../grant/benefit-grant.logic';
import { Benefit } from '../benefit.entity';
import { keyOfCustomer, liveActivation, lockedKeyByString } from './find-license-key';
import { LicenseKeyActivation } from './license-key.entity';
import { activationLimitReached, activationsUnsupported, unusableForActivation } from './license-key.errors';
import { activationRefusal, unusableBecause, type LicenseKeyProperties } from './license-key.logic';

/** Records a new activation on a usable key that supports them and has room for one more. */
export async function activateLicenseKey(clock: Clock, tx: Tx, organizationId: string, body: LicenseKeyActivate) {
  const now = clock.now();
  const key = await lockedKeyByString(tx.em, organizationId, body.key);
  const unusable = unusableBecause(key, now);
  if (unusable) throw unusableForActivation(unusable);
  const live = await tx.em.count(LicenseKeyActivation, { licenseKeyId: key.id, deletedAt: null });
  const refusal = activationRefusal(key.limitActivations, live);
  if (refusal === 'unsupported') throw activationsUnsupported();
  if (refusal === 'limit_reached') throw activationLimitReached();
  const activation = tx.em.create(LicenseKeyActivation, {
    id: newId(),
    licenseKeyId: key.id,
    label: body.label,
    conditions: body.conditions,
    meta: body.meta,
    deletedAt: null,
    createdAt: now,
    modifiedAt: null,
  });
  await tx.em.flush();
  return { key, activation };
}

/** Soft-deletes the activation, which frees its place under the limit. */
export async function deactivateLicenseKey(
  clock: Clock,
  tx: Tx,
  organizationId: string,
  body: LicenseKeyDeactivate,
): Promise<void> {
  const key = await lockedKeyByString(tx.em, organizationId, body.key);
  const activation = await liveActivation(tx.em, key, body.activation_id);
  activation.deletedAt = clock.now();
  await tx.em.flush();
}

/**
 * The customer deactivates an activation of their own key from the portal (no key string needed): allowed when the
 * key's benefit lets customers manage activations (`enable_customer_admin`), 403 otherwise.
 */
export async function deactivateOfCustomer(
  clock: Clock,
  tx: Tx,
  owner: AccountViewer,
  keyId: string,
  activationId: string,
): Promise<void> {
  const key = await keyOfCustomer(tx.em, owner, keyId, { lock: true });
  const benefit = await tx.em.findOne(Benefit, { id: key.benefitId });
  const properties = benefit?.properties as unknown as LicenseKeyProperties | undefined;
  if (!properties?.activations?.enable_customer_admin)
    throw new NotPermitted('Activations of this license key are managed by the seller.');
  const activation = await liveActivation(tx.em, key, activationId);
  activation.deletedAt = clock.now();
  await tx.em.flush();
}
