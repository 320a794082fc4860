// Benefits: CRUD of what products grant; references to meters and files are checked; events go to the outbox.
import type { EntityManager } from '@mikro-orm/postgresql';
import { BENEFIT_PROPERTIES_OUTPUT } from '../../contracts/benefit-properties';
import type { BenefitCreate } from '../../contracts/benefit-create';
import type { BenefitListQuery } from '../../contracts/benefit-list-query';
import type { BenefitType } from '../../contracts/benefit-type';
import type { BenefitUpdate } from '../../contracts/benefit-update';
import { likeContains } from '../../platform/database/list-query';
import type { Tx } from '../../platform/database/transaction';
import type { Clock } from '../../kernel/clock';
import { RequestValidationError, invalidField } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import type { OutboxService } from '../../platform/outbox';
import type { FileQueries } from '../file';
import type { MeterService } from '../meter';
import { Benefit } from './benefit.entity';
import { benefitOutput } from './benefit.output';
import { benefits } from './benefit.queries';

const SORT_COLUMNS = {
  created_at: 'createdAt',
  description: 'description',
  type: 'type',
  user_order: 'createdAt',
} as const;

export interface BenefitDeps {
  clock: Clock;
  outbox: OutboxService;
  meters: MeterService;
  files: FileQueries;
  /** The products that grant benefits: a deleted benefit is detached from them. */
  products: { detachBenefit(em: EntityManager, organizationId: string, benefitId: string): Promise<void> };
  /** Grants follow a benefit's changes (refreshed) and its deletion (revoked). */
  grants: { benefitChanged(tx: Tx, organizationId: string, benefitId: string): Promise<void> };
}

export class BenefitService {
  constructor(private readonly deps: BenefitDeps) {}

  async create(tx: Tx, organizationId: string, input: BenefitCreate): Promise<Benefit> {
    if (!('description' in input)) throw invalidField(['body', 'type'], 'Unsupported benefit type'); // narrows the type: the contract refuses these
    const properties = await this.checkedProperties(tx.em, organizationId, input.type, input.properties);
    const benefit = tx.em.create(Benefit, {
      id: newId(),
      organizationId,
      type: input.type,
      description: input.description,
      visibility: input.visibility ?? 'public',
      properties,
      metadata: input.metadata,
      deletedAt: null,
      createdAt: this.deps.clock.now(),
      modifiedAt: null,
    });
    this.deps.outbox.enqueueEvent(tx, organizationId, 'benefit.created', benefitOutput(benefit));
    await tx.em.flush();
    return benefit;
  }

  get(em: EntityManager, organizationId: string, id: string): Promise<Benefit> {
    return benefits.get(em, organizationId, id);
  }

  async update(tx: Tx, organizationId: string, id: string, input: BenefitUpdate): Promise<Benefit> {
    const benefit = await this.get(tx.em, organizationId, id);
    if (input.type !== benefit.type)
      throw invalidField(['body', 'type'], `This benefit is of type "${benefit.type}"; its type cannot change.`);
    if (input.description != null) benefit.description = input.description;
    if (input.visibility != null) benefit.visibility = input.visibility;
    if (input.metadata !== undefined) benefit.metadata = input.metadata;
    const before = JSON.stringify(benefit.properties);
    if (input.properties != null)
      benefit.properties = await this.checkedProperties(tx.em, organizationId, benefit.type, input.properties);
    benefit.modifiedAt = this.deps.clock.now();
    this.deps.outbox.enqueueEvent(tx, organizationId, 'benefit.updated', benefitOutput(benefit));
    await tx.em.flush();
    if (JSON.stringify(benefit.properties) !== before)
      await this.deps.grants.benefitChanged(tx, organizationId, benefit.id); // what grants give changed
    return benefit;
  }

  /** Soft delete: products stop granting it and every grant of it is revoked (the grants stay on record). */
  async delete(tx: Tx, organizationId: string, id: string): Promise<void> {
    const benefit = await this.get(tx.em, organizationId, id);
    await this.deps.products.detachBenefit(tx.em, organizationId, id);
    await benefits.softDelete(tx.em, benefit, this.deps.clock.now());
    await this.deps.grants.benefitChanged(tx, organizationId, id);
  }

  list(em: EntityManager, organizationId: string, query: BenefitListQuery) {
    return benefits.list(em, organizationId, query, {
      alias: 'b',
      sort: SORT_COLUMNS,
      where: (qb) => {
        if (query.id) qb.andWhere({ id: { $in: query.id } });
        if (query.exclude_id) qb.andWhere({ id: { $nin: query.exclude_id } });
        if (query.type) qb.andWhere({ type: { $in: query.type } });
        if (query.query) qb.andWhere({ description: { $ilike: likeContains(query.query) } });
      },
    });
  }

  private async checkedProperties(
    em: EntityManager,
    organizationId: string,
    type: BenefitType,
    properties: Record<string, unknown>,
  ) {
    const loc = ['body', 'properties'];
    if (type === 'meter_credit') {
      const meterId = String(properties.meter_id);
      if (!(await this.deps.meters.findByIds(em, organizationId, [meterId])).length) {
        throw invalidField([...loc, 'meter_id'], 'No such meter in this organization.', 'unknown_meter');
      }
    }
    if (type === 'downloadables') {
      const files = properties.files as string[];
      const found = new Set(
        (await this.deps.files.uploaded(em, organizationId, files, 'downloadable')).map((file) => file.id),
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
}

/** Fills the optional properties the response always carries. */
function withNulls(type: BenefitType, properties: Record<string, unknown>): Record<string, unknown> {
  if (type === 'custom') return { note: null, ...properties };
  if (type === 'license_keys')
    return { prefix: null, expires: null, activations: null, limit_usage: null, ...properties };
  if (type === 'downloadables') return { archived: {}, ...properties };
  return properties;
}
