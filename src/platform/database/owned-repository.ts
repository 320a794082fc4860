// Rows that belong to one organization: one by id (404 otherwise), several by id, a page of a list, a soft delete.
import { LockMode, type EntityClass, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager, MikroORM, QueryBuilder } from '@mikro-orm/postgresql';
import { ResourceNotFound } from '../../kernel/errors';
import type { Pagination } from '../../kernel/pagination';
import { detachedPage, readsDetached } from './detached-reads';
import { keysetPages } from './keyset-pages';
import { listPage, orderBySorting, whereMetadata } from './list-query';

export interface OwnedRow {
  id: string;
  organizationId: string;
}

/** What every list query carries; `organization_id` narrows to the caller's own organization anyway. */
export interface OwnedListQuery<F extends string = string> {
  page: number;
  limit: number;
  organization_id?: string[];
  sorting?: readonly (F | `-${F}`)[];
  metadata?: Record<string, string[]>;
}

export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

export class OwnedRepository<T extends OwnedRow> {
  /** `softDeleted`: the table has `deleted_at`, and deleted rows are gone for reads (not for `findByIds` with `includeDeleted`). */
  constructor(
    private readonly entity: EntityClass<T>,
    private readonly options: { label: string; softDeleted?: boolean },
  ) {}

  /** The organization's row, or null; `lock` holds it until the transaction ends. */
  find(em: EntityManager, organizationId: string, id: string, options: { lock?: boolean } = {}): Promise<T | null> {
    return em.findOne(
      this.entity,
      this.live({ id, organizationId }),
      options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
    );
  }

  /** The organization's row, or 404 `<label> not found.`; `lock` holds it until the transaction ends. */
  async get(em: EntityManager, organizationId: string, id: string, options: { lock?: boolean } = {}): Promise<T> {
    const row = await this.find(em, organizationId, id, options);
    if (!row) throw new ResourceNotFound(`${this.options.label} not found.`);
    return row;
  }

  /** The organization's rows among `ids` (other organizations' ids are simply absent). */
  async findByIds(
    em: EntityManager,
    organizationId: string,
    ids: readonly string[],
    options: { includeDeleted?: boolean } = {},
  ): Promise<T[]> {
    if (!ids.length) return [];
    const where = { organizationId, id: { $in: [...ids] } };
    return em.find(this.entity, options.includeDeleted ? this.filter(where) : this.live(where));
  }

  /**
   * One page of the organization's live rows: `where` adds the list's own filters to the query (aliased `alias`),
   * then the `organization_id`, `metadata` and `sorting` parameters apply (the id breaks ties; newest first when the
   * list has no `sorting`). Through detachedReads, the page's rows are detached instances, read with the count.
   */
  async list<F extends string>(
    em: EntityManager,
    organizationId: string,
    query: OwnedListQuery<F>,
    options: { alias: string; sort?: Record<F, string>; where?: (qb: QueryBuilder<T>) => void },
  ): Promise<Page<T>> {
    const build = (purpose: 'page' | 'count') => {
      const qb = em.createQueryBuilder(this.entity, options.alias).where(this.live({ organizationId }));
      if (query.organization_id) qb.andWhere(this.filter({ organizationId: { $in: query.organization_id } }));
      options.where?.(qb);
      if (query.metadata) whereMetadata(qb, options.alias, query.metadata);
      if (purpose === 'count') return qb;
      if (options.sort && query.sorting) orderBySorting(qb, query.sorting, options.sort);
      else qb.orderBy([{ createdAt: 'desc' }, { id: 'asc' }]); // lists without `sorting`: newest first
      return qb;
    };
    return readsDetached(em) ? detachedPage(em, this.entity, options.alias, build, query) : listPage(build, query);
  }

  /**
   * Every live row the list's filters select (`where`, `organization_id`, `metadata`), oldest first, in pages read
   * one after the other (what the CSV exports stream).
   */
  pages(
    orm: MikroORM,
    organizationId: string,
    query: Pick<OwnedListQuery, 'organization_id' | 'metadata'>,
    options: { alias: string; where?: (qb: QueryBuilder<T>) => void },
  ) {
    return keysetPages(orm, this.entity, options.alias, (qb) => {
      qb.where(this.live({ organizationId }));
      if (query.organization_id) qb.andWhere(this.filter({ organizationId: { $in: query.organization_id } }));
      options.where?.(qb);
      if (query.metadata) whereMetadata(qb, options.alias, query.metadata);
    });
  }

  /** Marks the row deleted at `at`; reads stop finding it. */
  async softDelete(em: EntityManager, row: T & { deletedAt: Date | null }, at: Date): Promise<void> {
    row.deletedAt = at;
    await em.flush();
  }

  /** Only rows not soft-deleted. */
  private live(where: Record<string, unknown>): FilterQuery<T> {
    return this.filter(this.options.softDeleted ? { ...where, deletedAt: null } : where);
  }

  /** The entity's columns are known only as `OwnedRow`'s here. */
  private filter(where: Record<string, unknown>): FilterQuery<T> {
    return where as FilterQuery<T>;
  }
}
