// A validation under the key's lock, when the guarded count counted nothing: the precise refusal in the reference's
// order, or the count.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LicenseKeyValidate } from '../../../contracts/license-key-validation';
import { liveActivation, lockedKeyByString } from './find-license-key';
import type { LicenseKey, LicenseKeyActivation } from './license-key.entity';
import {
  benefitMismatch,
  conditionsMismatch,
  customerMismatch,
  unusableForValidation,
  usageLimitExceeded,
} from './license-key.errors';
import { conditionsMatch, remainingUsages, unusableBecause } from './license-key.logic';

/** Under the key's lock: the refusal in the reference's order, or the count. */
export async function validateChecked(em: EntityManager, organizationId: string, body: LicenseKeyValidate, now: Date) {
  const key = await lockedKeyByString(em, organizationId, body.key);
  const activation = await checkValidation(em, key, body, now);
  const increment = body.increment_usage ?? 0;
  key.validations += 1;
  key.usage += increment;
  key.lastValidatedAt = now;
  key.modifiedAt = now;
  await em.flush();
  return { key, activation };
}

/** The validate refusals, in the reference's order; the activation named, when one is. */
async function checkValidation(
  em: EntityManager,
  key: LicenseKey,
  body: LicenseKeyValidate,
  now: Date,
): Promise<LicenseKeyActivation | null> {
  const unusable = unusableBecause(key, now);
  if (unusable) throw unusableForValidation(unusable);
  let activation: LicenseKeyActivation | null = null;
  if (body.activation_id) {
    activation = await liveActivation(em, key, body.activation_id);
    if (!conditionsMatch(activation.conditions, body.conditions)) throw conditionsMismatch();
  }
  if (body.benefit_id && body.benefit_id.toLowerCase() !== key.benefitId) throw benefitMismatch(); // ids in any case, as PostgreSQL reads them
  if (body.customer_id && body.customer_id.toLowerCase() !== key.customerId) throw customerMismatch();
  const remaining = remainingUsages(key.usage, key.limitUsage);
  if ((body.increment_usage ?? 0) > remaining) throw usageLimitExceeded(remaining);
  return activation;
}
