// Rotating a license key: the same record gets a new key string (the benefit's prefix, a new UUID), so the old
// string stops validating at once (it is simply unknown); status, usage, limits, expiry and activations stay. The
// grant's properties show the new display key: benefit_grant.updated and customer.state_changed go out with it.
import type { Tx } from '../../../platform/database/transaction';
import type { OutboxService } from '../../../platform/outbox';
import type { Clock } from '../../../kernel/clock';
import { newId } from '../../../kernel/ids';
import type { BenefitGrantWebhook } from '../../../contracts/benefit-grant';
import { customerById } from '../../customer';
import { Benefit } from '../benefit.entity';
import { BenefitGrant } from '../grant/benefit-grant.entity';
import { memberOfGrant } from '../grant/grant-outputs';
import { benefitGrantOutput } from '../grant/benefit-grant.output';
import type { LicenseKey } from './license-key.entity';
import { RotateNotPermitted } from './license-key.errors';
import { displayKey, licenseKeyString, type LicenseKeyProperties } from './license-key.logic';

export interface RotationDeps {
  clock: Clock;
  outbox: OutboxService;
  state: { changed(tx: Tx, organizationId: string, customerId: string): Promise<void> };
}

/** `key` must be locked by the caller (the row holds until the transaction ends). */
export async function rotateLicenseKey(deps: RotationDeps, tx: Tx, key: LicenseKey): Promise<LicenseKey> {
  if (key.status === 'revoked') throw new RotateNotPermitted('A revoked license key cannot be rotated.');
  const benefit = await tx.em.findOneOrFail(Benefit, { id: key.benefitId, organizationId: key.organizationId });
  const now = deps.clock.now();
  Object.assign(key, {
    key: licenseKeyString(newId(), (benefit.properties as unknown as LicenseKeyProperties).prefix),
    modifiedAt: now,
  });
  const grant = await tx.em.findOne(BenefitGrant, { id: key.grantId, organizationId: key.organizationId });
  const customer = await customerById(tx.em, key.organizationId, key.customerId);
  if (grant && customer && grant.properties.license_key_id === key.id) {
    const previous = { ...grant.properties };
    Object.assign(grant, { properties: { ...previous, display_key: displayKey(key.key) }, modifiedAt: now });
    const data: BenefitGrantWebhook = {
      ...benefitGrantOutput(grant, customer, benefit, await memberOfGrant(tx.em, grant)),
      previous_properties: previous,
    };
    deps.outbox.enqueueEvent(tx, key.organizationId, 'benefit_grant.updated', data);
    await deps.state.changed(tx, key.organizationId, key.customerId);
  }
  await tx.em.flush();
  return key;
}
