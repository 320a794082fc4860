// A meter's filter as PostgreSQL over an events table row (`alias`): with meter-aggregation-sql.ts, the one place where
// a meter's semantics become SQL. A clause compares by the JSON type of the stored value (a mismatch never matches); `like` is
// "contains"; a property is `name`, `source`, `timestamp` (unix seconds) or a metadata path (`metadata.` prefix
// optional, dots reach nested keys such as `_llm.total_tokens`).
import type { FilterClause, MeterFilter } from '../../contracts/meter-filter';
import { target, typed, typeOf } from './meter-property-sql';
import type { SqlFragment } from './sql-fragment';

const COMPARISONS = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

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
