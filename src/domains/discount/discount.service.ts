// Discounts: CRUD with codes unique per organization (ignoring case), product restrictions and redemption limits.
// Every change writes discount.created / .updated / .deleted to the outbox in its transaction. The changes live in
// create-discount.ts and update-discount.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DiscountCreate } from '../../contracts/discount-create';
import type { Discount as DiscountOutput } from '../../contracts/discount';
import type { DiscountListQuery } from '../../contracts/discount-list-query';
import type { DiscountUpdate } from '../../contracts/discount-update';
import { likeContains } from '../../platform/database/list-query';
import { OwnedRepository } from '../../platform/database/owned-repository';
import type { Tx } from '../../platform/database/transaction';
import { Discount } from './discount.entity';
import { createDiscount } from './create-discount';
import { discountByCode } from './discount-code';
import type { DiscountDeps } from './discount-deps';
import { discountOutputs, emitDiscountChange } from './discount-outputs';
import { redeemDiscount, releaseDiscount } from './discount-redemptions';
import { updateDiscount } from './update-discount';

const SORT_COLUMNS = {
  created_at: 'createdAt',
  name: 'name',
  code: 'code',
  redemptions_count: 'redemptionsCount',
  ends_at: 'endsAt',
} as const;

const discounts = new OwnedRepository(Discount, { label: 'Discount', softDeleted: true });

export class DiscountService {
  constructor(private readonly deps: DiscountDeps) {}

  create(tx: Tx, organizationId: string, input: DiscountCreate): Promise<Discount> {
    return createDiscount(this.deps, tx, organizationId, input);
  }

  get(em: EntityManager, organizationId: string, id: string): Promise<Discount> {
    return discounts.get(em, organizationId, id);
  }

  /** A live discount, or null. */
  find(em: EntityManager, organizationId: string, id: string): Promise<Discount | null> {
    return discounts.find(em, organizationId, id);
  }

  /** Discounts by id, deleted ones included (subscriptions keep the discount they were sold with). */
  findByIds(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<Discount[]> {
    return discounts.findByIds(em, organizationId, ids, { includeDeleted: true });
  }

  /** A live discount as the API shows it, or null. */
  async output(em: EntityManager, organizationId: string, id: string): Promise<DiscountOutput | null> {
    const discount = await this.find(em, organizationId, id);
    return discount && (await this.outputs(em, [discount]))[0];
  }

  /** Amount, type and duration are fixed once the discount has been redeemed: customers already hold it. */
  async update(tx: Tx, organizationId: string, id: string, input: DiscountUpdate): Promise<Discount> {
    return updateDiscount(this.deps, tx, await this.get(tx.em, organizationId, id), input);
  }

  /** A live discount by its code, ignoring case. */
  findByCode(em: EntityManager, organizationId: string, code: string): Promise<Discount | null> {
    return discountByCode(em, organizationId, code);
  }

  /** Takes one redemption, within max_redemptions; false when none is left. */
  redeem(em: EntityManager, id: string): Promise<boolean> {
    return redeemDiscount(em, id);
  }

  /** Gives a redemption back (a confirmation whose payment failed). */
  release(em: EntityManager, id: string): Promise<void> {
    return releaseDiscount(em, id);
  }

  async delete(tx: Tx, organizationId: string, id: string): Promise<void> {
    const discount = await this.get(tx.em, organizationId, id);
    await discounts.softDelete(tx.em, discount, this.deps.clock.now());
    await emitDiscountChange(this.deps, tx, discount, 'discount.deleted');
  }

  list(em: EntityManager, organizationId: string, query: DiscountListQuery) {
    return discounts.list(em, organizationId, query, {
      alias: 'd',
      sort: SORT_COLUMNS,
      where: (qb) =>
        query.query &&
        qb.andWhere({
          $or: [{ name: { $ilike: likeContains(query.query) } }, { code: { $ilike: likeContains(query.query) } }],
        }),
    });
  }

  outputs(em: EntityManager, discounts: Discount[]): Promise<DiscountOutput[]> {
    return discountOutputs(this.deps, em, discounts);
  }
}
