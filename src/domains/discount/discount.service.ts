// Discounts: CRUD with codes unique per organization (ignoring case), product restrictions and redemption limits.
// Every change writes discount.created / .updated / .deleted to the outbox in its transaction.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DiscountCreate } from '../../contracts/discount-create';
import type { Discount as DiscountOutput, DiscountProduct } from '../../contracts/discount';
import type { DiscountListQuery } from '../../contracts/discount-list-query';
import type { DiscountUpdate } from '../../contracts/discount-update';
import { likeContains } from '../../platform/database/list-query';
import { OwnedRepository } from '../../platform/database/owned-repository';
import type { Tx } from '../../platform/database/transaction';
import type { OutboxService } from '../../platform/outbox';
import type { ProductService } from '../catalog';
import type { Clock } from '../../kernel/clock';
import { RequestValidationError, invalidField } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { Discount } from './discount.entity';
import { discountOutput } from './discount.output';
import { flushUnique } from '../../platform/database/flush-unique';

const SORT_COLUMNS = {
  created_at: 'createdAt',
  name: 'name',
  code: 'code',
  redemptions_count: 'redemptionsCount',
  ends_at: 'endsAt',
} as const;

export interface DiscountDeps {
  clock: Clock;
  /** The products a discount is restricted to (and embeds). */
  products: ProductService;
  outbox: OutboxService;
}

const discounts = new OwnedRepository(Discount, { label: 'Discount', softDeleted: true });

export class DiscountService {
  constructor(private readonly deps: DiscountDeps) {}

  async create(tx: Tx, organizationId: string, input: DiscountCreate): Promise<Discount> {
    const productIds = await this.checkedProducts(tx.em, organizationId, input.products ?? []);
    const discount = tx.em.create(Discount, {
      id: newId(),
      organizationId,
      name: input.name,
      type: input.type,
      duration: input.duration,
      durationInMonths: input.duration === 'repeating' ? (input.duration_in_months ?? null) : null,
      basisPoints: input.type === 'percentage' ? input.basis_points : null,
      amounts: input.type === 'fixed' ? fixedAmounts(input) : null,
      code: input.code ?? null,
      startsAt: input.starts_at ? new Date(input.starts_at) : null,
      endsAt: input.ends_at ? new Date(input.ends_at) : null,
      maxRedemptions: input.max_redemptions ?? null,
      redemptionsCount: 0,
      productIds,
      metadata: input.metadata,
      deletedAt: null,
      createdAt: this.deps.clock.now(),
      modifiedAt: null,
    });
    await flushUnique(tx.em, codeTaken);
    await this.emit(tx, discount, 'discount.created');
    return discount;
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
    const discount = await this.get(tx.em, organizationId, id);
    const changesTerms = [
      'type',
      'amount',
      'currency',
      'amounts',
      'basis_points',
      'duration',
      'duration_in_months',
    ].some((k) => input[k as keyof DiscountUpdate] != null);
    if (changesTerms && discount.redemptionsCount > 0) {
      throw invalidField(
        ['body'],
        'The amount, type and duration of a redeemed discount cannot change; create a new discount.',
      );
    }
    if (input.name != null) discount.name = input.name;
    if (input.code !== undefined) discount.code = input.code;
    if (input.starts_at !== undefined) discount.startsAt = input.starts_at ? new Date(input.starts_at) : null;
    if (input.ends_at !== undefined) discount.endsAt = input.ends_at ? new Date(input.ends_at) : null;
    if (input.max_redemptions !== undefined) {
      if (input.max_redemptions !== null && input.max_redemptions < discount.redemptionsCount) {
        throw invalidField(['body', 'max_redemptions'], `Already redeemed ${discount.redemptionsCount} times.`);
      }
      discount.maxRedemptions = input.max_redemptions;
    }
    if (input.products != null) discount.productIds = await this.checkedProducts(tx.em, organizationId, input.products);
    if (input.metadata !== undefined) discount.metadata = input.metadata;
    if (input.type != null && input.type !== discount.type) discount.type = input.type;
    if (input.duration != null) discount.duration = input.duration;
    if (input.duration_in_months != null) discount.durationInMonths = input.duration_in_months;
    if (discount.duration !== 'repeating') discount.durationInMonths = null;
    if (discount.type === 'percentage') {
      if (input.basis_points != null) discount.basisPoints = input.basis_points;
      discount.amounts = null;
    } else {
      if (input.amount != null || input.amounts != null) discount.amounts = fixedAmounts(input);
      discount.basisPoints = null;
    }
    this.assertConsistent(discount);
    discount.modifiedAt = this.deps.clock.now();
    await flushUnique(tx.em, codeTaken);
    await this.emit(tx, discount, 'discount.updated');
    return discount;
  }

  /** A live discount by its code, ignoring case. */
  async findByCode(em: EntityManager, organizationId: string, code: string): Promise<Discount | null> {
    const [row] = await em.execute<{ id: string }[]>(
      'select id from discount where organization_id = ? and lower(code) = lower(?) and deleted_at is null',
      [organizationId, code],
    );
    return row ? em.findOne(Discount, { id: row.id }) : null;
  }

  /** Takes one redemption, within max_redemptions; false when none is left. */
  async redeem(em: EntityManager, id: string): Promise<boolean> {
    const rows = await em.execute(
      'update discount set redemptions_count = redemptions_count + 1 where id = ? and (max_redemptions is null or redemptions_count < max_redemptions) returning id',
      [id],
    );
    return rows.length > 0;
  }

  /** Gives a redemption back (a confirmation whose payment failed). */
  async release(em: EntityManager, id: string): Promise<void> {
    await em.execute('update discount set redemptions_count = greatest(redemptions_count - 1, 0) where id = ?', [id]);
  }

  async delete(tx: Tx, organizationId: string, id: string): Promise<void> {
    const discount = await this.get(tx.em, organizationId, id);
    await discounts.softDelete(tx.em, discount, this.deps.clock.now());
    await this.emit(tx, discount, 'discount.deleted');
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

  async outputs(em: EntityManager, discounts: Discount[]): Promise<DiscountOutput[]> {
    const byOrganization = new Map<string, string[]>();
    for (const d of discounts)
      byOrganization.set(d.organizationId, [...(byOrganization.get(d.organizationId) ?? []), ...d.productIds]);
    const products = new Map<string, DiscountProduct>();
    for (const [organizationId, ids] of byOrganization) {
      for (const product of await this.deps.products.summaries(em, organizationId, [...new Set(ids)]))
        products.set(product.id, product);
    }
    return discounts.map((d) =>
      discountOutput(
        d,
        d.productIds.flatMap((id) => products.get(id) ?? []),
      ),
    );
  }

  /** The event carries the discount as the API renders it (redemptions taken at checkout are not announced). */
  private async emit(
    tx: Tx,
    discount: Discount,
    type: 'discount.created' | 'discount.updated' | 'discount.deleted',
  ): Promise<void> {
    const [output] = await this.outputs(tx.em, [discount]);
    this.deps.outbox.enqueueEvent(tx, discount.organizationId, type, output);
  }

  private assertConsistent(discount: Discount): void {
    if (discount.duration === 'repeating' && discount.durationInMonths == null) {
      throw invalidField(['body', 'duration_in_months'], 'A repeating discount needs duration_in_months');
    }
    if (discount.type === 'percentage' && discount.basisPoints == null)
      throw invalidField(['body', 'basis_points'], 'A percentage discount needs basis_points');
    if (discount.type === 'fixed' && !Object.keys(discount.amounts ?? {}).length)
      throw invalidField(['body', 'amount'], 'A fixed discount needs an amount');
    if (discount.startsAt && discount.endsAt && discount.endsAt <= discount.startsAt)
      throw invalidField(['body', 'ends_at'], 'ends_at must be after starts_at');
  }

  private async checkedProducts(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<string[]> {
    const found = new Set((await this.deps.products.findByIds(em, organizationId, ids)).map((p) => p.id));
    const missing = ids.map((id, i) => ({ id, i })).filter(({ id }) => !found.has(id));
    if (missing.length) {
      throw new RequestValidationError(
        missing.map(({ i }) => ({
          loc: ['body', 'products', i],
          msg: 'No such product in this organization.',
          type: 'unknown_product',
        })),
      );
    }
    return [...new Set(ids)];
  }
}

/** The unique index on (organization, lower(code)) settles races between two creates of one code. */
const codeTaken = () =>
  invalidField(['body', 'code'], 'Another discount of this organization already uses this code.', 'duplicate');

function fixedAmounts(input: {
  amount?: number | null;
  currency?: string | null;
  amounts?: Record<string, number> | null;
}): Record<string, number> {
  const amounts: Record<string, number> = {};
  if (input.amount != null) amounts[input.currency ?? 'usd'] = input.amount;
  return { ...amounts, ...input.amounts };
}
