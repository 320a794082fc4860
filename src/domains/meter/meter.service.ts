// Meters: reads and commands, each in the caller's transaction.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Meter as MeterOutput, MeterCreate, MeterListQuery, MeterUpdate } from '../../contracts/meter';
import type { Clock } from '../../kernel/clock';
import { ResourceNotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import type { Pagination } from '../../kernel/pagination';
import { likeContains, listPage, orderBySorting, whereMetadata } from '../../app/list-query';
import { Meter } from './meter.entity';

const SORT_COLUMNS = { created_at: 'createdAt', name: 'name' } as const;

export class MeterService {
  constructor(private readonly clock: Clock) {}

  async create(em: EntityManager, organizationId: string, input: MeterCreate): Promise<Meter> {
    const meter = em.create(Meter, {
      id: newId(),
      organizationId,
      name: input.name,
      unit: input.unit,
      customLabel: input.custom_label ?? null,
      customMultiplier: input.custom_multiplier ?? null,
      filter: input.filter,
      aggregation: input.aggregation,
      metadata: input.metadata,
      archivedAt: null,
      createdAt: this.clock.now(),
      modifiedAt: null,
    });
    await em.flush();
    return meter;
  }

  async get(em: EntityManager, organizationId: string, id: string): Promise<Meter> {
    const meter = await em.findOne(Meter, { id, organizationId });
    if (!meter) throw new ResourceNotFound('Meter not found.');
    return meter;
  }

  async update(em: EntityManager, organizationId: string, id: string, input: MeterUpdate): Promise<Meter> {
    const meter = await em.findOne(Meter, { id, organizationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!meter) throw new ResourceNotFound('Meter not found.');
    if (input.name != null) meter.name = input.name;
    if (input.unit != null) meter.unit = input.unit;
    if (input.custom_label !== undefined) meter.customLabel = input.custom_label;
    if (input.custom_multiplier !== undefined) meter.customMultiplier = input.custom_multiplier;
    if (input.filter != null) meter.filter = input.filter;
    if (input.aggregation != null) meter.aggregation = input.aggregation;
    if (input.metadata !== undefined) meter.metadata = input.metadata;
    if (input.is_archived != null) meter.archivedAt = input.is_archived ? (meter.archivedAt ?? this.clock.now()) : null;
    meter.modifiedAt = this.clock.now();
    await em.flush();
    return meter;
  }

  async list(em: EntityManager, organizationId: string, query: MeterListQuery): Promise<{ items: Meter[]; pagination: Pagination }> {
    const qb = em.createQueryBuilder(Meter, 'm').where({ organizationId });
    if (query.organization_id) qb.andWhere({ organizationId: { $in: query.organization_id } });
    if (query.query) qb.andWhere({ name: { $ilike: likeContains(query.query) } });
    if (query.is_archived !== undefined) qb.andWhere({ archivedAt: query.is_archived ? { $ne: null } : null });
    whereMetadata(qb, 'm', query.metadata);
    orderBySorting(qb, query.sorting, SORT_COLUMNS);
    return listPage(qb, query);
  }

  /** The organization's meters among `ids` (other organizations' ids are simply absent). */
  async findByIds(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<Meter[]> {
    return ids.length ? em.find(Meter, { organizationId, id: { $in: [...ids] } }) : [];
  }
}

export function meterOutput(meter: Meter): MeterOutput {
  return {
    id: meter.id,
    created_at: meter.createdAt.toISOString(),
    modified_at: meter.modifiedAt?.toISOString() ?? null,
    metadata: meter.metadata,
    name: meter.name,
    unit: meter.unit,
    custom_label: meter.customLabel,
    custom_multiplier: meter.customMultiplier,
    filter: meter.filter,
    aggregation: meter.aggregation,
    organization_id: meter.organizationId,
    archived_at: meter.archivedAt?.toISOString() ?? null,
  };
}
