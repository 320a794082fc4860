// A validation counted as one guarded UPDATE outside any transaction: every check the refusals make is in its WHERE,
// and it returns the key, its customer (and a seat's member) and the activation as the API shows them.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LicenseKeyValidate } from '../../../contracts/license-key-validation';
import { entityFromJson, type JsonRow } from '../../../platform/database/json-row';
import { customerFromJson, customerOutput } from '../../customer';
import { LicenseKey, LicenseKeyActivation } from './license-key.entity';
import { licenseKeyCustomerOutput, licenseKeyOutput, type LicenseKeyMemberOutput } from './license-key.output';

/** The key's row after a guarded count, its customer and the activation named, as `to_jsonb` gives them. */
export interface CountedRow {
  key: JsonRow;
  customer: JsonRow;
  activation: JsonRow | null;
  /** A seat's key: its member as keys embed it. */
  member: LicenseKeyMemberOutput;
}

/** The guarded count, with the key as the API shows it; null when some check refuses it (or there is no such key). */
export async function countValidation(em: EntityManager, organizationId: string, body: LicenseKeyValidate, now: Date) {
  const row = await countValidations(em, organizationId, body, now, 1);
  return row && countedOutput(em, row, 0);
}

/**
 * `times` validations of `body` counted at once by the guarded UPDATE; the row, or null when some check refuses them.
 * Only validations without `increment_usage` are counted more than once at a time (validation-batches.ts).
 */
export async function countValidations(
  em: EntityManager,
  organizationId: string,
  body: LicenseKeyValidate,
  now: Date,
  times: number,
): Promise<CountedRow | null> {
  const increment = body.increment_usage ?? 0;
  const activationId = body.activation_id ?? null;
  const [row] = await em.execute<CountedRow[]>(
    `update license_key k set validations = validations + ?, usage = usage + ?, last_validated_at = ?, modified_at = ?
     from customer c left join license_key_activation a on a.id = ?::uuid
     where c.id = k.customer_id and k.organization_id = ? and k.key = ?
       and k.status = 'granted' and (k.expires_at is null or k.expires_at > ?) and (?::int = 0 or k.usage::bigint + ? <= coalesce(k.limit_usage, 2147483647))
       and (?::uuid is null or k.benefit_id = ?::uuid) and (?::uuid is null or k.customer_id = ?::uuid)
       and (?::uuid is null or (a.license_key_id = k.id and a.deleted_at is null and (a.conditions = '{}'::jsonb or a.conditions = ?::jsonb)))
     returning to_jsonb(k) as key, to_jsonb(c) as customer, to_jsonb(a) as activation,
       (select jsonb_build_object('id', m.id, 'email', m.email, 'external_id', m.external_id) from member m
         where k.member_id is not null and m.id = k.member_id and m.deleted_at is null) as member`,
    [
      times,
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
  return row ?? null;
}

/** The answer to one of the validations a row counted: `behind` is how many of them were counted after it. */
export function countedOutput(em: EntityManager, row: CountedRow, behind: number) {
  const customer = licenseKeyCustomerOutput(customerOutput(customerFromJson(em, row.customer)));
  return {
    key: {
      ...licenseKeyOutput(entityFromJson(em, LicenseKey, row.key), customer, row.member ?? null),
      validations: validationsOf(row) - behind,
    },
    activation: row.activation && entityFromJson(em, LicenseKeyActivation, row.activation),
  };
}

const validationsOf = (row: CountedRow) => Number(row.key.validations);

/** A parameter given twice (`? is null or column = ?`). */
const twice = (value: string | null | undefined): [string | null, string | null] => [value ?? null, value ?? null];
