// Products and their prices. Prices are immutable: a change archives the old price and adds a new one, so whoever
// bought the old price keeps it. Every change writes product.created / product.updated to the outbox.
import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExistingPrice, PriceCreate } from '../../contracts/price';
import type {
  Product as ProductOutput,
  ProductCreate,
  ProductListQuery,
  ProductSummary,
  ProductUpdate,
} from '../../contracts/product';
import { likeContains } from '../../platform/database/list-query';
import { OwnedRepository } from '../../platform/database/owned-repository';
import type { Tx } from '../../platform/database/transaction';
import type { Clock } from '../../kernel/clock';
import { NotPermitted, RequestValidationError, type ValidationIssue } from '../../kernel/errors';
import { byId, newId } from '../../kernel/ids';
import { normalizeUnitAmount } from '../../kernel/money';
import type { OutboxService } from '../../platform/outbox';
import { Product, ProductPrice, type AttachedField } from './catalog.entity';
import { intervalIssues, normalizedTiers, priceChangeIssues } from './catalog.logic';
import { priceOutput, productOutputs, productSummary, type ProductOutputDeps } from './product.output';
import type { ProductPrice as PriceOutput } from '../../contracts/price';

const PRICE_SUBQUERY = (expression: string) =>
  `(select min(${expression}) from product_price pp where pp.product_id = p.id and not pp.is_archived)`;
const SORT_COLUMNS = {
  created_at: 'createdAt',
  name: 'name',
  price_amount: raw(PRICE_SUBQUERY('coalesce(pp.price_amount, pp.minimum_amount, 0)')) as unknown as string,
  price_amount_type: raw(PRICE_SUBQUERY('pp.amount_type')) as unknown as string,
};

const products = new OwnedRepository(Product, { label: 'Product' });

export interface ProductDeps extends ProductOutputDeps {
  clock: Clock;
  outbox: OutboxService;
  /** Holders gain a benefit added to the product and lose one removed from it. */
  grants: {
    productBenefitsChanged(
      tx: Tx,
      organizationId: string,
      productId: string,
      before: string[],
      after: string[],
    ): Promise<void>;
  };
}

export class ProductService {
  constructor(private readonly deps: ProductDeps) {}

  async create(tx: Tx, organizationId: string, input: ProductCreate): Promise<Product> {
    const recurring = input.recurring_interval ?? null;
    const issues = [...intervalIssues(input, recurring !== null)];
    issues.push(...(await this.priceIssues(tx.em, organizationId, input.prices, recurring !== null)));
    issues.push(...(await this.attachmentIssues(tx.em, organizationId, input)));
    if (issues.length) throw new RequestValidationError(issues);
    const now = this.deps.clock.now();
    const product = tx.em.create(Product, {
      id: newId(),
      organizationId,
      name: input.name,
      description: input.description ?? null,
      visibility: input.visibility,
      recurringInterval: recurring,
      recurringIntervalCount: recurring ? (input.recurring_interval_count ?? 1) : null,
      trialInterval: input.trial_interval ?? null,
      trialIntervalCount: input.trial_interval_count ?? null,
      meterInterval: input.meter_interval ?? null,
      meterIntervalCount: input.meter_interval ? (input.meter_interval_count ?? 1) : null,
      isArchived: false,
      metadata: input.metadata,
      benefitIds: [],
      mediaIds: [...new Set(input.medias ?? [])],
      customFields: attachedFields(input.attached_custom_fields),
      createdAt: now,
      modifiedAt: null,
    });
    await tx.em.flush(); // prices reference the product row
    input.prices.forEach((price, position) => this.addPrice(tx.em, product, price, position));
    await this.emit(tx, product, 'product.created');
    return product;
  }

  async update(tx: Tx, organizationId: string, id: string, input: ProductUpdate): Promise<Product> {
    const product = await this.get(tx.em, organizationId, id);
    const isRecurring = product.recurringInterval !== null;
    if (input.recurring_interval != null && !isRecurring)
      throw new NotPermitted('A one-time product cannot become recurring; create a new product.');
    const merged = {
      recurring_interval_count: input.recurring_interval_count ?? product.recurringIntervalCount,
      trial_interval: input.trial_interval !== undefined ? input.trial_interval : product.trialInterval,
      trial_interval_count:
        input.trial_interval_count !== undefined ? input.trial_interval_count : product.trialIntervalCount,
    };
    const issues = intervalIssues(merged, isRecurring);
    issues.push(...(await this.attachmentIssues(tx.em, organizationId, input)));
    const current = await tx.em.find(ProductPrice, { productId: product.id, isArchived: false });
    let kept: ProductPrice[] = current;
    let added: PriceCreate[] = [];
    if (input.prices) {
      const existingIds = input.prices.filter(isExisting).map((p) => p.id);
      input.prices.forEach((price, i) => {
        if (isExisting(price) && !current.some((c) => c.id === price.id))
          issues.push({
            loc: ['body', 'prices', i, 'id'],
            msg: 'Not a current price of this product.',
            type: 'unknown_price',
          });
      });
      kept = current.filter((price) => existingIds.includes(price.id));
      added = input.prices.filter((price): price is PriceCreate => !isExisting(price));
      issues.push(...(await this.priceIssues(tx.em, organizationId, added, isRecurring, kept)));
    }
    if (issues.length) throw new RequestValidationError(issues);

    const now = this.deps.clock.now();
    for (const price of current) {
      if (!kept.includes(price)) Object.assign(price, { isArchived: true, modifiedAt: now });
    }
    const next = Math.max(-1, ...current.map((p) => p.position)) + 1;
    added.forEach((price, i) => this.addPrice(tx.em, product, price, next + i));
    if (input.name != null) product.name = input.name;
    if (input.description !== undefined) product.description = input.description;
    if (input.visibility != null) product.visibility = input.visibility;
    if (input.is_archived != null) product.isArchived = input.is_archived;
    if (input.metadata !== undefined) product.metadata = input.metadata;
    if (input.recurring_interval != null) product.recurringInterval = input.recurring_interval;
    if (input.recurring_interval_count != null) product.recurringIntervalCount = input.recurring_interval_count;
    if (input.trial_interval !== undefined) product.trialInterval = input.trial_interval;
    if (input.trial_interval_count !== undefined) product.trialIntervalCount = input.trial_interval_count;
    if (input.medias != null) product.mediaIds = [...new Set(input.medias)];
    if (input.attached_custom_fields != null) product.customFields = attachedFields(input.attached_custom_fields);
    product.modifiedAt = now;
    await this.emit(tx, product, 'product.updated');
    return product;
  }

  /** Replaces the benefits the product grants, in the given order. */
  async setBenefits(tx: Tx, organizationId: string, id: string, benefitIds: string[]): Promise<Product> {
    const product = await this.get(tx.em, organizationId, id);
    const ids = [...new Set(benefitIds)];
    const found = new Set((await this.deps.benefits.findByIds(tx.em, organizationId, ids)).map((b) => b.id));
    const missing = benefitIds
      .map((benefitId, i) => ({ benefitId, i }))
      .filter(({ benefitId }) => !found.has(benefitId));
    if (missing.length)
      throw new RequestValidationError(
        missing.map(({ i }) => ({
          loc: ['body', 'benefits', i],
          msg: 'No such benefit in this organization.',
          type: 'unknown_benefit',
        })),
      );
    const before = product.benefitIds;
    product.benefitIds = ids;
    product.modifiedAt = this.deps.clock.now();
    await this.emit(tx, product, 'product.updated');
    await this.deps.grants.productBenefitsChanged(tx, organizationId, product.id, before, ids);
    return product;
  }

  get(em: EntityManager, organizationId: string, id: string): Promise<Product> {
    return products.get(em, organizationId, id);
  }

  list(em: EntityManager, organizationId: string, query: ProductListQuery) {
    return products.list(em, organizationId, query, {
      alias: 'p',
      sort: SORT_COLUMNS,
      where: (qb) => {
        if (query.id) qb.andWhere({ id: { $in: query.id } });
        if (query.query) qb.andWhere({ name: { $ilike: likeContains(query.query) } });
        if (query.is_archived !== undefined) qb.andWhere({ isArchived: query.is_archived });
        if (query.is_recurring !== undefined)
          qb.andWhere({ recurringInterval: query.is_recurring ? { $ne: null } : null });
        if (query.visibility) qb.andWhere({ visibility: { $in: query.visibility } });
        if (query.benefit_id) qb.andWhere('p.benefit_ids && array[?]::uuid[]', [query.benefit_id]);
      },
    });
  }

  outputs(em: EntityManager, rows: Product[]): Promise<ProductOutput[]> {
    return productOutputs(em, this.deps, rows);
  }

  findByIds(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<Product[]> {
    return products.findByIds(em, organizationId, ids);
  }

  /** The products among `ids` as the API shows them, in the order of `ids` (missing ones left out). */
  async outputsByIds(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<ProductOutput[]> {
    const found = await this.outputs(em, await this.findByIds(em, organizationId, ids));
    return ids.flatMap((id) => found.find((product) => product.id === id) ?? []);
  }

  /** The products among `ids` without prices and attachments (what orders and discounts embed). */
  async summaries(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<ProductSummary[]> {
    return (await this.findByIds(em, organizationId, ids)).map(productSummary);
  }

  /** Prices as the API shows them, archived or not (orders keep pointing at the price they were bought with). */
  async priceOutputs(em: EntityManager, organizationId: string, priceIds: readonly string[]): Promise<PriceOutput[]> {
    if (!priceIds.length) return [];
    const prices = await em.find(ProductPrice, { id: { $in: [...priceIds] }, organizationId });
    const meterIds = [...new Set(prices.flatMap((price) => (price.meterId ? [price.meterId] : [])))];
    const meters = await this.deps.meters.findByIds(em, organizationId, meterIds);
    const metersById = byId(meters);
    return prices.map((price) => priceOutput(price, metersById));
  }

  /** Stops every product of the organization from granting a deleted benefit. */
  async detachBenefit(em: EntityManager, organizationId: string, benefitId: string): Promise<void> {
    await em.execute(
      'update product set benefit_ids = array_remove(benefit_ids, ?::uuid) where organization_id = ? and ?::uuid = any(benefit_ids)',
      [benefitId, organizationId, benefitId],
    );
  }

  /** Whether a product still shows the file as media (a file in use cannot be deleted). */
  async isFileUsed(em: EntityManager, organizationId: string, fileId: string): Promise<boolean> {
    return (await em.count(Product, { organizationId, mediaIds: { $contains: [fileId] } })) > 0;
  }

  private addPrice(em: EntityManager, product: Product, price: PriceCreate, position: number): void {
    const common = {
      id: newId(),
      position,
      productId: product.id,
      organizationId: product.organizationId,
      currency: price.price_currency,
      taxBehavior: price.tax_behavior ?? null,
      isArchived: false,
      createdAt: this.deps.clock.now(),
      modifiedAt: null,
    };
    switch (price.amount_type) {
      case 'free':
        return void em.create(ProductPrice, { ...common, amountType: 'fixed', priceAmount: 0 });
      case 'fixed':
        return void em.create(ProductPrice, { ...common, amountType: 'fixed', priceAmount: price.price_amount });
      case 'custom':
        return void em.create(ProductPrice, {
          ...common,
          amountType: 'custom',
          minimumAmount: price.minimum_amount,
          maximumAmount: price.maximum_amount ?? null,
          presetAmount: price.preset_amount ?? null,
        });
      case 'metered_unit':
        return void em.create(ProductPrice, {
          ...common,
          amountType: 'metered_unit',
          unitAmount: normalizeUnitAmount(price.unit_amount),
          capAmount: price.cap_amount ?? null,
          meterId: price.meter_id,
        });
      case 'seat_based':
        return void em.create(ProductPrice, {
          ...common,
          amountType: 'seat_based',
          seatTierType: price.seat_tiers.seat_tier_type,
          seatTiers: normalizedTiers(price.seat_tiers.tiers),
        });
    }
  }

  private async priceIssues(
    em: EntityManager,
    organizationId: string,
    added: PriceCreate[],
    isRecurring: boolean,
    kept: ProductPrice[] = [],
  ): Promise<ValidationIssue[]> {
    const meterIds = added.flatMap((p) => (p.amount_type === 'metered_unit' ? [p.meter_id] : []));
    const meters = new Set(
      (await this.deps.meters.findByIds(em, organizationId, [...new Set(meterIds)])).map((m) => m.id),
    );
    const current = kept.map((p) => ({ amount_type: p.amountType, price_currency: p.currency, meter_id: p.meterId }));
    return priceChangeIssues(added, current, isRecurring, meters);
  }

  private async attachmentIssues(
    em: EntityManager,
    organizationId: string,
    input: { medias?: string[] | null; attached_custom_fields?: { custom_field_id: string }[] | null },
  ): Promise<ValidationIssue[]> {
    const issues: ValidationIssue[] = [];
    const medias = input.medias ?? [];
    const foundMedia = new Set(
      (await this.deps.files.uploaded(em, organizationId, medias, 'product_media')).map((m) => m.id),
    );
    medias.forEach((id, i) => {
      if (!foundMedia.has(id))
        issues.push({
          loc: ['body', 'medias', i],
          msg: 'No uploaded product_media file with this id in this organization.',
          type: 'unknown_file',
        });
    });
    const fields = (input.attached_custom_fields ?? []).map((f) => f.custom_field_id);
    const foundFields = new Set((await this.deps.customFields.findByIds(em, organizationId, fields)).map((f) => f.id));
    fields.forEach((id, i) => {
      if (!foundFields.has(id))
        issues.push({
          loc: ['body', 'attached_custom_fields', i, 'custom_field_id'],
          msg: 'No such custom field in this organization.',
          type: 'unknown_custom_field',
        });
      else if (fields.indexOf(id) !== i)
        issues.push({
          loc: ['body', 'attached_custom_fields', i, 'custom_field_id'],
          msg: 'Attached twice.',
          type: 'duplicate',
        });
    });
    return issues;
  }

  private async emit(tx: Tx, product: Product, type: 'product.created' | 'product.updated'): Promise<void> {
    await tx.em.flush();
    const [output] = await this.outputs(tx.em, [product]);
    this.deps.outbox.enqueueEvent(tx, product.organizationId, type, output);
    await tx.em.flush();
  }
}

const isExisting = (price: ExistingPrice | PriceCreate): price is ExistingPrice => !('amount_type' in price);

function attachedFields(fields: { custom_field_id: string; required: boolean }[]): AttachedField[] {
  return fields.map((f) => ({ custom_field_id: f.custom_field_id, required: f.required }));
}
