// Reads for an answer only (the list pages): `find` and `findOne` give their rows as instances of the entity outside the
// identity map and the unit of work. The ORM's hydration, snapshots and change-set bookkeeping were most of a list
// page's CPU (a page of 20 orders and what they embed: about a hundred entities), and an answer needs none of it.
import {
  type EntityClass,
  type FilterQuery,
  type FindOneOptions,
  type FindOptions,
  type QueryOrderMap,
} from '@mikro-orm/core';
import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
import { pageOffset, paginationOf, type PageRequest, type Pagination } from '../../kernel/pagination';
import { entityFromJson, type JsonRow } from './json-row';

const detached = new WeakSet<object>();

/** The options a detached read understands; any other (populate, locks, fields…) goes through the ORM as before. */
const HANDLED = new Set(['orderBy', 'limit', 'offset']);

/**
 * `em` (in the same transaction) whose `find` and `findOne` answer detached instances: never to be changed and flushed.
 * Everything else (`execute`, `count`, query builders, …) is `em`'s own.
 */
export function detachedReads(em: EntityManager): EntityManager {
  const reads = new Proxy(em, {
    get(target, key) {
      if (key === 'find') return find;
      if (key === 'findOne') return findOne;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  detached.add(reads);

  // The plain selects asked for in one turn of the event loop (a caller's Promise.all of independent reads) go to the
  // database as one statement: a page's related rows then cost one round trip, not one each.
  let queue: Queued[] = [];
  function batched(statement: Statement): Promise<JsonRow[]> {
    return new Promise((resolve, reject) => {
      queue.push({ ...statement, resolve, reject });
      if (queue.length === 1) setImmediate(() => void flush());
    });
  }
  async function flush() {
    const batch = queue;
    queue = [];
    try {
      if (batch.length === 1) return batch[0].resolve(await em.execute<JsonRow[]>(batch[0].sql, batch[0].params));
      const [row] = await em.execute<JsonRow[]>(
        `select ${batch.map((q, i) => `(select coalesce(json_agg(t${orderedBy(q.order)}), '[]') from (${q.sql}) t) as r${i}`).join(', ')}`,
        batch.flatMap((q) => q.params),
      );
      batch.forEach((q, i) => q.resolve(row[`r${i}`] as JsonRow[]));
    } catch (error) {
      for (const q of batch) q.reject(error);
    }
  }

  async function find<T extends object>(entity: EntityClass<T>, where: FilterQuery<T>, options: FindOptions<T> = {}) {
    if (!handled(entity, options)) return em.find(entity, where, options);
    const statement = plainSelect(em, entity, where, options);
    if (statement === 'none') return [];
    if (statement) {
      const rows = await batched(statement);
      return rows.map((row) => entityFromJson(em, entity as unknown as new () => T, row));
    }
    const qb = em.createQueryBuilder(entity).where(where);
    if (options.orderBy) qb.orderBy(options.orderBy as QueryOrderMap<T>);
    if (options.limit !== undefined) qb.limit(options.limit);
    if (options.offset !== undefined) qb.offset(options.offset);
    return rowsOf(em, entity, qb);
  }

  async function findOne<T extends object>(
    entity: EntityClass<T>,
    where: FilterQuery<T>,
    options: FindOneOptions<T> = {},
  ) {
    if (!handled(entity, options)) return em.findOne(entity, where, options);
    return (await find(entity, where, { ...options, limit: 1 } as FindOptions<T>))[0] ?? null;
  }

  return reads;
}

interface Statement {
  sql: string;
  params: unknown[];
  /** Its order (`"position" asc`…), which json_agg must be told again: a sorted subquery does not promise it. */
  order: string[];
}

const orderedBy = (order: string[]) => (order.length ? ` order by ${order.map((o) => `t.${o}`).join(', ')}` : '');

/** A plain select waiting for its batch; its rows come as JSON when the batch holds several. */
interface Queued extends Statement {
  resolve(rows: JsonRow[]): void;
  reject(error: unknown): void;
}

/** Whether `em` came from detachedReads. */
export function readsDetached(em: EntityManager): boolean {
  return detached.has(em);
}

/**
 * A page of detached rows and the count of all, in one statement: the count query rides along as a scalar subquery
 * (PostgreSQL runs it once). Only a page past the end, which has no row to carry it, counts on its own.
 */
export async function detachedPage<T extends object>(
  em: EntityManager,
  entity: EntityClass<T>,
  alias: string,
  query: (purpose: 'page' | 'count') => QueryBuilder<T>,
  page: PageRequest,
): Promise<{ items: T[]; pagination: Pagination }> {
  // The count goes in as a sub-builder binding, never as SQL text: a filter's values (a metadata value with a `?`)
  // must not be read again as placeholders.
  const qb = query('page').select(`${alias}.*`).limit(page.limit).offset(pageOffset(page)).getKnexQuery();
  qb.select(em.getKnex().raw('(?) as list_total_count', [query('count').count().getKnexQuery()]));
  const rows = await em.execute<JsonRow[]>(qb);
  const total = rows.length
    ? Number(rows[0].list_total_count)
    : pageOffset(page) === 0
      ? 0
      : await query('count').getCount();
  const items = rows.map((row) => entityFromJson(em, entity as unknown as new () => T, row));
  return { items, pagination: paginationOf(total, page.limit) };
}

/** What the query builder selects, as detached instances of `entity`. */
export async function rowsOf<T extends object>(
  em: EntityManager,
  entity: EntityClass<T>,
  qb: QueryBuilder<T>,
): Promise<T[]> {
  const rows = (await qb.execute('all', false)) as unknown as JsonRow[];
  return rows.map((row) => entityFromJson(em, entity as unknown as new () => T, row));
}

/**
 * The select of `find` written directly, for the criteria lookups by id use (a property equal to a value or null, in a
 * list, or not equal), in a small fraction of the query builder's CPU; null for anything else (the query builder
 * writes it), 'none' when a list is empty (nothing can match).
 */
function plainSelect(
  em: EntityManager,
  entity: EntityClass<object>,
  where: unknown,
  options: { orderBy?: unknown; limit?: number; offset?: number },
): Statement | 'none' | null {
  if (!where || typeof where !== 'object' || Array.isArray(where)) return null;
  const meta = em.getMetadata().find(entity.name);
  if (!meta) return null;
  const column = (property: string) => {
    const names = meta.properties[property as never]?.fieldNames;
    return names?.length === 1 ? `"${names[0]}"` : null;
  };
  const conditions: string[] = [];
  const params: unknown[] = [];
  for (const [property, value] of Object.entries(where)) {
    const name = column(property);
    if (!name) return null;
    if (value === null) conditions.push(`${name} is null`);
    else if (isScalar(value)) {
      conditions.push(`${name} = ?`);
      params.push(value);
    } else if (typeof value !== 'object' || Object.keys(value).length !== 1) return null;
    else if ('$in' in value && Array.isArray(value.$in) && value.$in.every(isScalar)) {
      if (!value.$in.length) return 'none';
      conditions.push(`${name} in (${value.$in.map(() => '?').join(', ')})`);
      params.push(...value.$in);
    } else if ('$ne' in value && value.$ne === null) conditions.push(`${name} is not null`);
    else if ('$ne' in value && isScalar(value.$ne)) {
      conditions.push(`${name} <> ?`);
      params.push(value.$ne);
    } else return null;
  }
  const order: string[] = [];
  for (const [property, direction] of Object.entries(options.orderBy ?? {}) as [string, unknown][]) {
    const name = column(property);
    if (!name || !['asc', 'desc'].includes(String(direction).toLowerCase())) return null;
    order.push(`${name} ${String(direction).toLowerCase()}`);
  }
  let sql = `select * from "${meta.tableName}"${conditions.length ? ` where ${conditions.join(' and ')}` : ''}`;
  if (order.length) sql += ` order by ${order.join(', ')}`;
  if (options.limit !== undefined) sql += ` limit ${Number(options.limit)}`;
  if (options.offset !== undefined) sql += ` offset ${Number(options.offset)}`;
  return { sql, params, order };
}

const isScalar = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value) || value instanceof Date;

function handled(entity: unknown, options: object): boolean {
  return typeof entity === 'function' && Object.keys(options).every((key) => HANDLED.has(key));
}

type ReadResults<T extends readonly (() => unknown)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Independent reads: asked for together when `em` reads detached (its batch sends them as one statement), one after
 * another otherwise — a transaction's connection takes one query at a time.
 */
export async function readTogether<const T extends readonly (() => unknown)[]>(
  em: EntityManager,
  reads: T,
): Promise<ReadResults<T>> {
  if (readsDetached(em)) return (await Promise.all(reads.map((read) => read()))) as ReadResults<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as ReadResults<T>;
}
