// Validating a license key: counts a validation (and `increment_usage`) on a usable key that matches every given
// condition, first as one guarded UPDATE, else under the key's lock with the precise refusal.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LicenseKeyRead } from '../../../contracts/license-key';
import type { LicenseKeyValidate } from '../../../contracts/license-key-validation';
import type { Clock } from '../../../kernel/clock';
import { entityFromJson, type JsonRow } from '../../../platform/database/json-row';
import { customerFromJson, customerOutput } from '../../customer';
import { liveActivation, lockedKeyByString } from './find-license-key';
import { LicenseKey, LicenseKeyActivation } from './license-key.entity';
import {
  benefitMismatch,
  conditionsMismatch,
  customerMismatch,
  unusableForValidation,
  usageLimitExceeded,
} from './license-key.errors';
import { conditionsMatch, remainingUsages, unusableBecause } from './license-key.logic';
import { licenseKeyCustomerOutput, licenseKeyOutput } from './license-key.output';
import { licenseKeyOutputs, type LicenseKeyCustomers } from './license-key-outputs';

/**
 * Counts a validation (and `increment_usage`) on a usable key that matches every given condition; 404 otherwise.
 * The common case is one guarded UPDATE outside any transaction (the statement is atomic on its own, and locks the
 * row only while it runs) that also returns the customer and the activation: every check the refusals make is in
 * its WHERE. When it counts nothing, the key is read and checked under a lock in a transaction, so the refusal is
 * the precise one for the key as it now stands.
 */
export async function validateLicenseKey(
  deps: { clock: Clock; customers: LicenseKeyCustomers },
  em: EntityManager,
  organizationId: string,
  body: LicenseKeyValidate,
): Promise<{ key: LicenseKeyRead; activation: LicenseKeyActivation | null }> {
  const now = deps.clock.now();
  const counted = await countValidation(em, organizationId, body, now);
  if (counted) return counted;
  const { key, activation } = await em.fork().transactional((tx) => validateChecked(tx, organizationId, body, now));
  const [output] = await licenseKeyOutputs(deps.customers, em, [key]);
  return { key: output, activation };
}

/** The guarded count, with the key as the API shows it; null when some check refuses it (or there is no such key). */
async function countValidation(em: EntityManager, organizationId: string, body: LicenseKeyValidate, now: Date) {
  const increment = body.increment_usage ?? 0;
  const activationId = body.activation_id ?? null;
  const [row] = await em.execute<{ key: JsonRow; customer: JsonRow; activation: JsonRow | null }[]>(
    `update license_key k set validations = validations + 1, usage = usage + ?, last_validated_at = ?, modified_at = ?
     from customer c left join license_key_activation a on a.id = ?::uuid
     where c.id = k.customer_id and k.organization_id = ? and k.key = ?
       and k.status = 'granted' and (k.expires_at is null or k.expires_at > ?) and (?::int = 0 or k.usage::bigint + ? <= coalesce(k.limit_usage, 2147483647))
       and (?::uuid is null or k.benefit_id = ?::uuid) and (?::uuid is null or k.customer_id = ?::uuid)
       and (?::uuid is null or (a.license_key_id = k.id and a.deleted_at is null and (a.conditions = '{}'::jsonb or a.conditions = ?::jsonb)))
     returning to_jsonb(k) as key, to_jsonb(c) as customer, to_jsonb(a) as activation`,
    [
      increment,
      now,
      now,
      activationId,
      organizationId,
      body.key,
      now,
      increment,
      increment,
      ...twice(body.benefit_id),
      ...twice(body.customer_id),
      activationId,
      JSON.stringify(body.conditions),
    ],
  );
  if (!row) return null;
  const customer = licenseKeyCustomerOutput(customerOutput(customerFromJson(em, row.customer)));
  return {
    key: licenseKeyOutput(entityFromJson(em, LicenseKey, row.key), customer),
    activation: row.activation && entityFromJson(em, LicenseKeyActivation, row.activation),
  };
}

/** Under the key's lock: the refusal in the reference's order, or the count. */
async function validateChecked(em: EntityManager, organizationId: string, body: LicenseKeyValidate, now: Date) {
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

/** A parameter given twice (`? is null or column = ?`). */
const twice = (value: string | null | undefined): [string | null, string | null] => [value ?? null, value ?? null];
