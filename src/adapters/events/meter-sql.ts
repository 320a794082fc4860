// A meter's filter and aggregation as PostgreSQL over an events table row (`alias`): the one place where their
// semantics become SQL. A clause compares by the JSON type of the stored value (a mismatch never matches); `like` is
// "contains"; a property is `name`, `source`, `timestamp` (unix seconds) or a metadata path (`metadata.` prefix
// optional, dots reach nested keys such as `_llm.total_tokens`).
import type { FilterClause, MeterFilter } from '../../contracts/meter-filter';
import type { MeterAggregation } from '../../contracts/meter-aggregation';

/** SQL with knex `?` placeholders and their values, in order. */
export interface SqlFragment {
  sql: string;
  params: unknown[];
}

const COMPARISONS = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

type ValueType = 'string' | 'number' | 'boolean';

/** Where a property lives: a column of a known type, or a JSON value in the metadata. */
type Target = { kind: 'column'; sql: string; type: ValueType } | { kind: 'json'; sql: string; params: unknown[] };

function target(property: string, alias: string): Target {
  if (property === 'name' || property === 'source')
    return { kind: 'column', sql: `${alias}.${property}`, type: 'string' };
  if (property === 'timestamp')
    return { kind: 'column', sql: `floor(extract(epoch from ${alias}."timestamp"))`, type: 'number' };
  const path = (property.startsWith('metadata.') ? property.slice('metadata.'.length) : property).split('.');
  return { kind: 'json', sql: `(${alias}.metadata #> array[${path.map(() => '?').join(', ')}]::text[])`, params: path };
}

const typeOf = (value: FilterClause['value']): ValueType => typeof value as ValueType;

/** The value as SQL of its type: a JSON value of another type yields null (and so never matches). */
function typed(t: Target, type: ValueType): SqlFragment | null {
  if (t.kind === 'column') return t.type === type ? { sql: t.sql, params: [] } : null;
  const cast = { string: `(${t.sql} #>> '{}')`, number: `(${t.sql})::numeric`, boolean: `(${t.sql})::boolean` }[type];
  return { sql: `case when jsonb_typeof(${t.sql}) = '${type}' then ${cast} end`, params: [...t.params, ...t.params] };
}

function clauseSql(clause: FilterClause, alias: string): SqlFragment {
  const type = typeOf(clause.value);
  const where = target(clause.property, alias);
  const value = typed(where, type);
  if (!value) return { sql: 'false', params: [] };
  // `name` and `source` are never null and equality ignores collation: a plain comparison the indexes can serve.
  if (where.kind === 'column' && type === 'string' && (clause.operator === 'eq' || clause.operator === 'ne'))
    return { sql: `${value.sql} ${COMPARISONS[clause.operator]} ?`, params: [clause.value] };
  if (clause.operator === 'like' || clause.operator === 'not_like') {
    if (type !== 'string') return { sql: 'false', params: [] };
    const found = clause.operator === 'like' ? '> 0' : '= 0';
    return { sql: `coalesce(strpos(${value.sql}, ?) ${found}, false)`, params: [...value.params, clause.value] };
  }
  const collate = type === 'string' ? ' collate "C"' : '';
  return {
    sql: `coalesce(${value.sql}${collate} ${COMPARISONS[clause.operator]} ?, false)`,
    params: [...value.params, clause.value],
  };
}

/** The filter as a boolean SQL expression; an empty clause list matches everything. */
export function filterSql(filter: MeterFilter, alias: string): SqlFragment {
  if (!filter.clauses.length) return { sql: 'true', params: [] };
  const parts = filter.clauses.map((clause) =>
    'clauses' in clause ? filterSql(clause, alias) : clauseSql(clause, alias),
  );
  return {
    sql: `(${parts.map((p) => p.sql).join(filter.conjunction === 'and' ? ' and ' : ' or ')})`,
    params: parts.flatMap((p) => p.params),
  };
}

/** The property's numeric value, null where it is absent or not a number (such events are left out of sum…avg). */
export function numericSql(property: string, alias: string): SqlFragment {
  return typed(target(property, alias), 'number') ?? { sql: 'null::numeric', params: [] };
}

/** The property's value for counting distinct values (typed: 5 and "5" differ), null where it is absent or JSON null. */
export function distinctValueSql(property: string, alias: string): SqlFragment {
  const t = target(property, alias);
  return t.kind === 'column'
    ? { sql: `to_jsonb(${t.sql})`, params: [] }
    : { sql: `nullif(${t.sql}, 'null'::jsonb)`, params: t.params };
}

/** What an hourly rollup keeps of an event for the aggregation (count, sum, min and max of it): its numeric value. */
export function rollupValueSql(aggregation: MeterAggregation, alias: string): SqlFragment {
  return aggregation.func === 'count' || aggregation.func === 'unique'
    ? { sql: 'null::numeric', params: [] }
    : numericSql(aggregation.property, alias);
}

/** The aggregation over the rows of a group, as numeric (0 for no rows or no values). */
export function aggregateSql(aggregation: MeterAggregation, alias: string): SqlFragment {
  if (aggregation.func === 'count') return { sql: 'count(*)::numeric', params: [] };
  if (aggregation.func === 'unique') {
    const value = distinctValueSql(aggregation.property, alias);
    return { sql: `count(distinct ${value.sql})::numeric`, params: value.params };
  }
  const value = numericSql(aggregation.property, alias);
  return { sql: `coalesce(${aggregation.func}(${value.sql}), 0)::numeric`, params: value.params };
}

/** Count and sum add up across groups (periods, rollups, customers); the others are computed over all the rows. */
export const isSummable = (aggregation: MeterAggregation): boolean =>
  aggregation.func === 'count' || aggregation.func === 'sum';

/** How rows inserted `into meter_rollup as r` add to the hour already there (ingest, attach and rebuild alike). */
export const ADD_TO_ROLLUP = `on conflict (meter_id, hour, customer_id, external_customer_id) do update set events = r.events + excluded.events,
  numeric_events = r.numeric_events + excluded.numeric_events, total = r.total + excluded.total,
  minimum = least(r.minimum, excluded.minimum), maximum = greatest(r.maximum, excluded.maximum)`;
