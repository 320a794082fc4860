// What a license-keys grant does to its key: issue it (or give it back, limits synced), and revoke it.
import { LockMode } from '@mikro-orm/core';
import type { Tx } from '../../../platform/database/transaction';
import { newId } from '../../../kernel/ids';
import type { Benefit } from '../benefit.entity';
import type { BenefitGrant } from '../grant/benefit-grant.entity';
import { LicenseKey } from './license-key.entity';
import { licenseKeyExpiry, licenseKeyString, type LicenseKeyProperties } from './license-key.logic';

/**
 * The grant's key: created on the first grant; on a re-grant or a change of the benefit, given back (`granted`,
 * unless the merchant disabled it) with the benefit's limits and expiry.
 */
export async function grantLicenseKey(tx: Tx, grant: BenefitGrant, benefit: Benefit, at: Date, oneTime: boolean): Promise<LicenseKey> {
  const properties = benefit.properties as unknown as LicenseKeyProperties;
  const limits = { limitActivations: properties.activations?.limit ?? null, limitUsage: properties.limit_usage ?? null };
  const existing = await tx.em.findOne(LicenseKey, { grantId: grant.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (existing) {
    const regranted = existing.status === 'revoked';
    const expiresAt = regranted ? licenseKeyExpiry(properties, grant.grantedAt ?? at, oneTime) : existing.expiresAt;
    Object.assign(existing, { ...limits, expiresAt, status: regranted ? 'granted' : existing.status, modifiedAt: at });
    await tx.em.flush();
    return existing;
  }
  const id = newId();
  const key = tx.em.create(LicenseKey, {
    id,
    organizationId: grant.organizationId,
    customerId: grant.customerId,
    benefitId: benefit.id,
    grantId: grant.id,
    key: licenseKeyString(newId(), properties.prefix),
    status: 'granted',
    ...limits,
    usage: 0,
    validations: 0,
    lastValidatedAt: null,
    expiresAt: licenseKeyExpiry(properties, grant.grantedAt ?? at, oneTime),
    createdAt: at,
    modifiedAt: null,
  });
  await tx.em.flush();
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
