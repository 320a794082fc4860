// Meters: reads and commands, each in the caller's transaction. A meter whose counting changes (created, new filter or
// aggregation, archived or unarchived) loses its hourly rollups at once — quantities read raw events meanwhile — and,
// when live, gets them rebuilt by `meter-rollups:<id>:<version>` started through the outbox.
import { flowStart } from '../../platform/temporal/flow-start';
import type { EntityManager } from '@mikro-orm/postgresql';
import { holdIngestAlone } from '../../adapters/events/ingest-lock';
import type { MeterRollups } from '../../adapters/events/meter-rollups';
import type { MeterCreate, MeterUpdate } from '../../contracts/meter-request';
import type { MeterListQuery } from '../../contracts/meter-list-query';
import type { Clock } from '../../kernel/clock';
import { newId } from '../../kernel/ids';
import type { Tx } from '../../platform/database/transaction';
import type { OutboxService } from '../../platform/outbox';
import { FLOWS, type MeterRollupsInput } from '../../../workflows/definitions';
import { likeContains } from '../../platform/database/list-query';
import { OwnedRepository, type Page } from '../../platform/database/owned-repository';
import { Meter } from './meter.entity';

const SORT_COLUMNS = { created_at: 'createdAt', name: 'name' } as const;
const meters = new OwnedRepository(Meter, { label: 'Meter' });

export interface MeterServiceDeps {
  clock: Clock;
  outbox: OutboxService;
  rollups: Pick<MeterRollups, 'clear' | 'lastSeq'>;
}

export class MeterService {
  private readonly clock: Clock;
  constructor(private readonly deps: MeterServiceDeps) {
    this.clock = deps.clock;
  }

  async create(tx: Tx, organizationId: string, input: MeterCreate): Promise<Meter> {
    // Batches in flight finish first; those after the commit count the new meter (its rebuild covers the rest).
    await holdIngestAlone(tx.em, organizationId);
    const meter = tx.em.create(Meter, {
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
      rollupsReadyAt: null,
      rollupVersion: 0,
    });
    await tx.em.flush();
    await this.countingChanged(tx, meter);
    return meter;
  }

  get(em: EntityManager, organizationId: string, id: string): Promise<Meter> {
    return meters.get(em, organizationId, id);
  }

  async update(tx: Tx, organizationId: string, id: string, input: MeterUpdate): Promise<Meter> {
    const counting = input.filter != null || input.aggregation != null || input.is_archived != null;
    // The ingestion lock before the meter's row lock, in the order the rollup rebuild takes them.
    if (counting) await holdIngestAlone(tx.em, organizationId);
    const meter = await meters.get(tx.em, organizationId, id, { lock: true });
    const before = JSON.stringify([meter.filter, meter.aggregation, meter.archivedAt === null]);
    if (input.name != null) meter.name = input.name;
    if (input.unit != null) meter.unit = input.unit;
    if (input.custom_label !== undefined) meter.customLabel = input.custom_label;
    if (input.custom_multiplier !== undefined) meter.customMultiplier = input.custom_multiplier;
    if (input.filter != null) meter.filter = input.filter;
    if (input.aggregation != null) meter.aggregation = input.aggregation;
    if (input.metadata !== undefined) meter.metadata = input.metadata;
    if (input.is_archived != null) meter.archivedAt = input.is_archived ? (meter.archivedAt ?? this.clock.now()) : null;
    meter.modifiedAt = this.clock.now();
    await tx.em.flush();
    if (counting && JSON.stringify([meter.filter, meter.aggregation, meter.archivedAt === null]) !== before)
      await this.countingChanged(tx, meter);
    return meter;
  }

  /** Drops the meter's rollups, marks them not ready under a new version, and starts their rebuild when the meter is live. */
  private async countingChanged(tx: Tx, meter: Meter): Promise<void> {
    await this.deps.rollups.clear(tx, meter.id);
    const [row] = await tx.em.execute<{ rollup_version: number }[]>(
      `update meter set rollups_ready_at = null, rollups_built_until = null, rollup_version = rollup_version + 1, rollup_seq = ?::bigint
       where id = ? returning rollup_version`,
      [await this.deps.rollups.lastSeq(tx.em), meter.id],
    );
    const version = Number(row!.rollup_version);
    Object.assign(meter, { rollupsReadyAt: null, rollupVersion: version });
    if (meter.archivedAt) return; // ingestion keeps no rollups for an archived meter: rebuilt when it is unarchived
    const input: MeterRollupsInput = { meterId: meter.id, version };
    this.deps.outbox.enqueueWorkflowStart(
      tx,
      meter.organizationId,
      flowStart(FLOWS.meterRollups, [meter.id, version], input, {
        summary: `Meter ${meter.id}: rollups v${version}`,
      }),
    );
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

  /** The organization's meters among `ids` (other organizations' ids are simply absent). */
  findByIds(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<Meter[]> {
    return meters.findByIds(em, organizationId, ids);
  }
}
