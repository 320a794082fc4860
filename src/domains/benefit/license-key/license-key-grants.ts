// What a license-keys grant does to its key: issue it (or give it back), bring its limits in line with a changed
// benefit, and revoke it. The key's expiry follows the wall clock, as validation does.
import { LockMode } from '@mikro-orm/core';
import type { Tx } from '../../../platform/database/transaction';
import { newId } from '../../../kernel/ids';
import type { Benefit } from '../benefit.entity';
import type { BenefitGrant } from '../grant/benefit-grant.entity';
import { LicenseKey } from './license-key.entity';
import { licenseKeyExpiry, licenseKeyString, type LicenseKeyProperties } from './license-key.logic';

const limitsOf = (benefit: Benefit) => {
  const properties = benefit.properties as unknown as LicenseKeyProperties;
  return { limitActivations: properties.activations?.limit ?? null, limitUsage: properties.limit_usage ?? null };
};

/** The grant's key: created on the first grant; a revoked one is given back on a re-grant with the benefit's limits and a new expiry. */
export async function grantLicenseKey(
  tx: Tx,
  grant: BenefitGrant,
  benefit: Benefit,
  now: Date,
  oneTime: boolean,
): Promise<LicenseKey> {
  const properties = benefit.properties as unknown as LicenseKeyProperties;
  const existing = await tx.em.findOne(LicenseKey, { grantId: grant.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (existing) {
    if (existing.status === 'revoked') {
      Object.assign(existing, {
        ...limitsOf(benefit),
        status: 'granted',
        expiresAt: licenseKeyExpiry(properties, now, oneTime),
        modifiedAt: now,
      });
      await tx.em.flush();
    }
    return existing;
  }
  const key = tx.em.create(LicenseKey, {
    id: newId(),
    organizationId: grant.organizationId,
    customerId: grant.customerId,
    benefitId: benefit.id,
    grantId: grant.id,
    memberId: grant.memberId,
    key: licenseKeyString(newId(), properties.prefix),
    status: 'granted',
    ...limitsOf(benefit),
    usage: 0,
    validations: 0,
    lastValidatedAt: null,
    expiresAt: licenseKeyExpiry(properties, now, oneTime),
    createdAt: now,
    modifiedAt: null,
  });
  await tx.em.flush();
  return key;
}

/**
 * A grant that holds is synced again (a renewal, a duplicate trigger, a change of the benefit): the key keeps its
 * status and the merchant's own changes, and takes the benefit's limits only when the benefit changed after the key.
 */
export async function refreshLicenseKey(
  tx: Tx,
  grant: BenefitGrant,
  benefit: Benefit,
  now: Date,
): Promise<LicenseKey | null> {
  const key = await tx.em.findOne(LicenseKey, { grantId: grant.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  const keyChangedAt = key && (key.modifiedAt ?? key.createdAt);
  if (key && benefit.modifiedAt && keyChangedAt && benefit.modifiedAt > keyChangedAt) {
    Object.assign(key, { ...limitsOf(benefit), modifiedAt: now });
    await tx.em.flush();
  }
  return key;
}

/** The grant's key stops validating (`revoked`); nothing when it has none. */
export async function revokeLicenseKey(tx: Tx, grantId: string, at: Date): Promise<LicenseKey | null> {
  const key = await tx.em.findOne(LicenseKey, { grantId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!key || key.status === 'revoked') return key;
  Object.assign(key, { status: 'revoked', modifiedAt: at });
  await tx.em.flush();
  return key;
}
