// Benefits: CRUD of what products grant; references to meters and files are checked; events go to the outbox.
import type { EntityManager } from '@mikro-orm/postgresql';
import { BENEFIT_PROPERTIES_OUTPUT, type Benefit as BenefitOutput, type BenefitCreate, type BenefitListQuery, type BenefitType, type BenefitUpdate } from '../../contracts/benefit';
import { listPage, likeContains, orderBySorting, whereMetadata } from '../../app/list-query';
import type { Tx } from '../../app/transaction';
import type { Clock } from '../../kernel/clock';
import { RequestValidationError, ResourceNotFound, invalidField } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import type { OutboxService } from '../outbox';
import { Benefit } from './benefit.entity';

const SORT_COLUMNS = { created_at: 'createdAt', description: 'description', type: 'type', user_order: 'createdAt' } as const;

export interface BenefitDeps {
  clock: Clock;
  outbox: OutboxService;
  /** Ids among `ids` that are the organization's meters. */
  existingMeters(em: EntityManager, organizationId: string, ids: string[]): Promise<Set<string>>;
  /** Ids among `ids` that are the organization's uploaded downloadable files. */
  uploadedDownloadables(em: EntityManager, organizationId: string, ids: string[]): Promise<Set<string>>;
  /** Called when a benefit is deleted, so products stop granting it. */
  onDeleted(em: EntityManager, organizationId: string, benefitId: string): Promise<void>;
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

  async get(em: EntityManager, organizationId: string, id: string): Promise<Benefit> {
    const benefit = await em.findOne(Benefit, { id, organizationId, deletedAt: null });
    if (!benefit) throw new ResourceNotFound('Benefit not found.');
    return benefit;
  }

  async update(tx: Tx, organizationId: string, id: string, input: BenefitUpdate): Promise<Benefit> {
    const benefit = await this.get(tx.em, organizationId, id);
    if (input.type !== benefit.type) throw invalidField(['body', 'type'], `This benefit is of type "${benefit.type}"; its type cannot change.`);
    if (input.description != null) benefit.description = input.description;
    if (input.visibility != null) benefit.visibility = input.visibility;
    if (input.metadata !== undefined) benefit.metadata = input.metadata;
    if (input.properties != null) benefit.properties = await this.checkedProperties(tx.em, organizationId, benefit.type, input.properties);
    benefit.modifiedAt = this.deps.clock.now();
    this.deps.outbox.enqueueEvent(tx, organizationId, 'benefit.updated', benefitOutput(benefit));
    await tx.em.flush();
    return benefit;
  }

  /** Soft delete: grants made earlier keep pointing at it; products stop granting it. */
  async delete(tx: Tx, organizationId: string, id: string): Promise<void> {
    const benefit = await this.get(tx.em, organizationId, id);
    benefit.deletedAt = this.deps.clock.now();
    await this.deps.onDeleted(tx.em, organizationId, id);
    await tx.em.flush();
  }

  async list(em: EntityManager, organizationId: string, query: BenefitListQuery) {
    const qb = em.createQueryBuilder(Benefit, 'b').where({ organizationId, deletedAt: null });
    if (query.organization_id) qb.andWhere({ organizationId: { $in: query.organization_id } });
    if (query.id) qb.andWhere({ id: { $in: query.id } });
    if (query.exclude_id) qb.andWhere({ id: { $nin: query.exclude_id } });
    if (query.type) qb.andWhere({ type: { $in: query.type } });
    if (query.query) qb.andWhere({ description: { $ilike: likeContains(query.query) } });
    whereMetadata(qb, 'b', query.metadata);
    orderBySorting(qb, query.sorting, SORT_COLUMNS);
    return listPage(qb, query);
  }

  /** The organization's undeleted benefits among `ids`. */
  async findByIds(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<Benefit[]> {
    return ids.length ? em.find(Benefit, { organizationId, id: { $in: [...ids] }, deletedAt: null }) : [];
  }

  /** Uploaded files a downloadables benefit still lists (a file in use cannot be deleted). */
  async isFileUsed(em: EntityManager, organizationId: string, fileId: string): Promise<boolean> {
    const rows = await em.execute(
      `select 1 from benefit where organization_id = ? and deleted_at is null and type = 'downloadables'
       and properties->'files' @> jsonb_build_array(?::text) limit 1`,
      [organizationId, fileId],
    );
    return rows.length > 0;
  }

  private async checkedProperties(em: EntityManager, organizationId: string, type: BenefitType, properties: Record<string, unknown>) {
    const loc = ['body', 'properties'];
    if (type === 'meter_credit') {
      const meterId = String(properties.meter_id);
      if (!(await this.deps.existingMeters(em, organizationId, [meterId])).has(meterId)) {
        throw invalidField([...loc, 'meter_id'], 'No such meter in this organization.', 'unknown_meter');
      }
    }
    if (type === 'downloadables') {
      const files = properties.files as string[];
      const found = await this.deps.uploadedDownloadables(em, organizationId, files);
      const missing = files.map((id, i) => ({ id, i })).filter(({ id }) => !found.has(id));
      if (missing.length) {
        throw new RequestValidationError(missing.map(({ i }) => ({ loc: [...loc, 'files', i], msg: 'No uploaded downloadable file with this id in this organization.', type: 'unknown_file' })));
      }
    }
    return BENEFIT_PROPERTIES_OUTPUT[type].parse(withNulls(type, properties));
  }
}

/** Fills the optional properties the response always carries. */
function withNulls(type: BenefitType, properties: Record<string, unknown>): Record<string, unknown> {
  if (type === 'custom') return { note: null, ...properties };
  if (type === 'license_keys') return { prefix: null, expires: null, activations: null, limit_usage: null, ...properties };
  if (type === 'downloadables') return { archived: {}, ...properties };
  return properties;
}

export function benefitOutput(benefit: Benefit): BenefitOutput {
  return {
    id: benefit.id,
    created_at: benefit.createdAt.toISOString(),
    modified_at: benefit.modifiedAt?.toISOString() ?? null,
    type: benefit.type,
    description: benefit.description,
    selectable: true,
    deletable: true,
    is_deleted: benefit.deletedAt !== null,
    organization_id: benefit.organizationId,
    metadata: benefit.metadata,
    visibility: benefit.visibility,
    visibility_configurable: true,
    properties: benefit.properties,
  } as BenefitOutput;
}
