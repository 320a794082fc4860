// Benefits: CRUD of what products grant (create-benefit.ts, update-benefit.ts; references to meters and files are
// checked by benefit-properties.ts); events go to the outbox.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BenefitCreate } from '../../contracts/benefit-create';
import type { BenefitListQuery } from '../../contracts/benefit-list-query';
import type { BenefitUpdate } from '../../contracts/benefit-update';
import { likeContains } from '../../platform/database/list-query';
import type { Tx } from '../../platform/database/transaction';
import type { Clock } from '../../kernel/clock';
import type { OutboxService } from '../../platform/outbox';
import type { FileQueries } from '../file';
import type { MeterService } from '../meter';
import type { Benefit } from './benefit.entity';
import { benefits } from './benefit.queries';
import { createBenefit } from './create-benefit';
import { updateBenefit } from './update-benefit';

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

  create(tx: Tx, organizationId: string, input: BenefitCreate): Promise<Benefit> {
    return createBenefit(this.deps, tx, organizationId, input);
  }

  get(em: EntityManager, organizationId: string, id: string): Promise<Benefit> {
    return benefits.get(em, organizationId, id);
  }

  async update(tx: Tx, organizationId: string, id: string, input: BenefitUpdate): Promise<Benefit> {
    return updateBenefit(this.deps, tx, await this.get(tx.em, organizationId, id), input);
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
}
