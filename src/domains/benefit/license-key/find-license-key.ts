// Finding a license key and its activations for a command: by id within the organization, by the key string (locked),
// one of a customer's own keys, one live activation of a key; each a 404 when there is none.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ResourceNotFound } from '../../../kernel/errors';
import { OwnedRepository } from '../../../platform/database/owned-repository';
import { onlyMemberOf, type AccountViewer } from '../grant/benefit-grant.logic';
import { LicenseKey, LicenseKeyActivation } from './license-key.entity';
import { unknownActivation, unknownLicenseKey } from './license-key.errors';

export const licenseKeys = new OwnedRepository(LicenseKey, { label: 'License key' });

/** One of the account's keys (a plain member's own); another's is 404. */
export async function keyOfCustomer(
  em: EntityManager,
  owner: AccountViewer,
  id: string,
  options: { lock?: boolean } = {},
): Promise<LicenseKey> {
  const key = await licenseKeys.get(em, owner.organizationId, id, options);
  const member = onlyMemberOf(owner);
  if (key.customerId !== owner.customerId || (member && key.memberId !== member))
    throw new ResourceNotFound('License key not found.');
  return key;
}

/** The organization's key with this key string, locked until the transaction ends. */
export async function lockedKeyByString(
  em: EntityManager,
  organizationId: string,
  keyString: string,
): Promise<LicenseKey> {
  const key = await em.findOne(
    LicenseKey,
    { organizationId, key: keyString },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!key) throw unknownLicenseKey();
  return key;
}

export async function liveActivation(
  em: EntityManager,
  key: LicenseKey,
  activationId: string,
): Promise<LicenseKeyActivation> {
  const activation = await em.findOne(LicenseKeyActivation, {
    id: activationId,
    licenseKeyId: key.id,
    deletedAt: null,
  });
  if (!activation) throw unknownActivation();
  return activation;
}
