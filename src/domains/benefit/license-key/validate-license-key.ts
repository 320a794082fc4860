// Validating a license key: counts a validation (and `increment_usage`) on a usable key that matches every given
// condition, first as one guarded UPDATE, else under the key's lock with the precise refusal.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LicenseKeyRead } from '../../../contracts/license-key';
import type { LicenseKeyValidate } from '../../../contracts/license-key-validation';
import type { Clock } from '../../../kernel/clock';
import type { LicenseKeyActivation } from './license-key.entity';
import { licenseKeyOutputs, type LicenseKeyCustomers } from './license-key-outputs';
import { validateChecked } from './validate-checked';
import type { ValidationBatches } from './validation-batches';

/**
 * Counts a validation (and `increment_usage`) on a usable key that matches every given condition; 404 otherwise.
 * The common case is one guarded UPDATE outside any transaction (the statement is atomic on its own, and locks the
 * row only while it runs) that also returns the customer and the activation: every check the refusals make is in
 * its WHERE; concurrent validations of one key share one such UPDATE (validation-batches.ts). When it counts nothing,
 * the key is read and checked under a lock in a transaction, so the refusal is the precise one for the key as it now
 * stands.
 */
export async function validateLicenseKey(
  deps: { clock: Clock; customers: LicenseKeyCustomers; batches: ValidationBatches },
  em: EntityManager,
  organizationId: string,
  body: LicenseKeyValidate,
): Promise<{ key: LicenseKeyRead; activation: LicenseKeyActivation | null }> {
  const counted = await deps.batches.count(em, organizationId, body);
  if (counted) return counted;
  const now = deps.clock.now();
  const { key, activation } = await em.fork().transactional((tx) => validateChecked(tx, organizationId, body, now));
  const [output] = await licenseKeyOutputs(deps.customers, em, [key]);
  return { key: output, activation };
}
