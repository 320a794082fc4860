// Meters: reads and commands, each in the caller's transaction. A meter whose counting changes (created, new filter or
// aggregation, archived or unarchived) has its rollups rebuilt (rebuild-meter-rollups.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MeterRollups } from '../../adapters/events/meter-rollups';
import type { MeterCreate, MeterUpdate } from '../../contracts/meter-request';
import type { MeterListQuery } from '../../contracts/meter-list-query';
import type { Clock } from '../../kernel/clock';
import type { Tx } from '../../platform/database/transaction';
import type { OutboxService } from '../../platform/outbox';
import { likeContains } from '../../platform/database/list-query';
import { OwnedRepository, type Page } from '../../platform/database/owned-repository';
import { Meter } from './meter.entity';
import { createMeter } from './create-meter';
import { updateMeter } from './update-meter';

const SORT_COLUMNS = { created_at: 'createdAt', name: 'name' } as const;
const meters = new OwnedRepository(Meter, { label: 'Meter' });

export interface MeterServiceDeps {
  clock: Clock;
  outbox: OutboxService;
  rollups: Pick<MeterRollups, 'clear' | 'lastSeq'>;
}

export class MeterService {
  constructor(private readonly deps: MeterServiceDeps) {}

  create(tx: Tx, organizationId: string, input: MeterCreate): Promise<Meter> {
    return createMeter(this.deps, tx, organizationId, input);
  }

  get(em: EntityManager, organizationId: string, id: string): Promise<Meter> {
    return meters.get(em, organizationId, id);
  }

  update(tx: Tx, organizationId: string, id: string, input: MeterUpdate): Promise<Meter> {
    return updateMeter(this.deps, meters, tx, organizationId, id, input);
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
