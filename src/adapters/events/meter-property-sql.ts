// Where a meter's property lives in an events row (a column, or a metadata path) and its value as SQL of a JSON type.
import type { FilterClause } from '../../contracts/meter-filter';
import type { SqlFragment } from './sql-fragment';

export type ValueType = 'string' | 'number' | 'boolean';

/** Where a property lives: a column of a known type, or a JSON value in the metadata. */
export type Target =
  { kind: 'column'; sql: string; type: ValueType } | { kind: 'json'; sql: string; params: unknown[] };

export function target(property: string, alias: string): Target {
  if (property === 'name' || property === 'source')
    return { kind: 'column', sql: `${alias}.${property}`, type: 'string' };
  if (property === 'timestamp')
    return { kind: 'column', sql: `floor(extract(epoch from ${alias}."timestamp"))`, type: 'number' };
  const path = (property.startsWith('metadata.') ? property.slice('metadata.'.length) : property).split('.');
  return { kind: 'json', sql: `(${alias}.metadata #> array[${path.map(() => '?').join(', ')}]::text[])`, params: path };
}

export const typeOf = (value: FilterClause['value']): ValueType => typeof value as ValueType;

/** The value as SQL of its type: a JSON value of another type yields null (and so never matches). */
export function typed(t: Target, type: ValueType): SqlFragment | null {
  if (t.kind === 'column') return t.type === type ? { sql: t.sql, params: [] } : null;
  const cast = { string: `(${t.sql} #>> '{}')`, number: `(${t.sql})::numeric`, boolean: `(${t.sql})::boolean` }[type];
  return { sql: `case when jsonb_typeof(${t.sql}) = '${type}' then ${cast} end`, params: [...t.params, ...t.params] };
}
