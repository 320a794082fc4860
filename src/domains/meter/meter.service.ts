// Meters: reads and commands, each in the caller's transaction.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MeterDefinition } from '../../adapters/events/event-store';
import type { MeterCreate, MeterListQuery, MeterUpdate } from '../../contracts/meter';
import type { Clock } from '../../kernel/clock';
import { newId } from '../../kernel/ids';
import { likeContains } from '../../platform/database/list-query';
import { OwnedRepository, type Page } from '../../platform/database/owned-repository';
import { Meter } from './meter.entity';

const SORT_COLUMNS = { created_at: 'createdAt', name: 'name' } as const;
const meters = new OwnedRepository(Meter, { label: 'Meter' });

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

  get(em: EntityManager, organizationId: string, id: string): Promise<Meter> {
    return meters.get(em, organizationId, id);
  }

  async update(em: EntityManager, organizationId: string, id: string, input: MeterUpdate): Promise<Meter> {
    const meter = await meters.get(em, organizationId, id, { lock: true });
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

  list(em: EntityManager, organizationId: string, query: MeterListQuery): Promise<Page<Meter>> {
    return meters.list(em, organizationId, query, {
      alias: 'm',
      sort: SORT_COLUMNS,
      where: (qb) => {
        if (query.query) qb.andWhere({ name: { $ilike: likeContains(query.query) } });
        if (query.is_archived !== undefined) qb.andWhere({ archivedAt: query.is_archived ? { $ne: null } : null });
      },
    });
  }

  /** What the organization's live (unarchived) meters count, for the events store. */
  async liveDefinitions(em: EntityManager, organizationId: string): Promise<MeterDefinition[]> {
    const live = await em.find(Meter, { organizationId, archivedAt: null }, { fields: ['id', 'filter', 'aggregation'], orderBy: { id: 'asc' } });
    return live.map(({ id, filter, aggregation }) => ({ id, filter, aggregation }));
  }

  /** The organization's meters among `ids` (other organizations' ids are simply absent). */
  findByIds(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<Meter[]> {
    return meters.findByIds(em, organizationId, ids);
  }
}
