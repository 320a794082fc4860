// A benefit's properties as a create or an update gives them: the meter or the files they name checked to be the
// organization's, the optional ones filled.
import type { EntityManager } from '@mikro-orm/postgresql';
import { BENEFIT_PROPERTIES_OUTPUT } from '../../contracts/benefit-properties';
import { type BenefitType } from '../../contracts/benefit-type';
import { RequestValidationError, invalidField } from '../../kernel/errors';
import type { FileQueries } from '../file';
import type { MeterService } from '../meter';

/** The properties of a benefit of `type`, its meter or files checked, with the optional ones the response carries. */
export async function checkedBenefitProperties(
  deps: { meters: MeterService; files: FileQueries },
  em: EntityManager,
  organizationId: string,
  type: BenefitType,
  properties: Record<string, unknown>,
) {
  const loc = ['body', 'properties'];
  if (type === 'meter_credit') {
    const meterId = String(properties.meter_id);
    if (!(await deps.meters.findByIds(em, organizationId, [meterId])).length) {
      throw invalidField([...loc, 'meter_id'], 'No such meter in this organization.', 'unknown_meter');
    }
  }
  if (type === 'downloadables') {
    const files = properties.files as string[];
    const found = new Set(
      (await deps.files.uploaded(em, organizationId, files, 'downloadable')).map((file) => file.id),
    );
    const missing = files.map((id, i) => ({ id, i })).filter(({ id }) => !found.has(id));
    if (missing.length) {
      throw new RequestValidationError(
        missing.map(({ i }) => ({
          loc: [...loc, 'files', i],
          msg: 'No uploaded downloadable file with this id in this organization.',
          type: 'unknown_file',
        })),
      );
    }
  }
  return BENEFIT_PROPERTIES_OUTPUT[type].parse(withNulls(type, properties));
}

/** Fills the optional properties the response always carries. */
function withNulls(type: BenefitType, properties: Record<string, unknown>): Record<string, unknown> {
  if (type === 'custom') return { note: null, ...properties };
  if (type === 'license_keys')
    return { prefix: null, expires: null, activations: null, limit_usage: null, ...properties };
  if (type === 'downloadables') return { archived: {}, ...properties };
  return properties;
}
