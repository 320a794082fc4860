// A meter's filter: clauses on event properties, nested with and/or, bounded in size.
import { z } from 'zod';

export const FilterOperator = z.enum(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like', 'not_like']);
export const FilterConjunction = z.enum(['and', 'or']);

const INT32 = 2 ** 31;

export const FilterClause = z
  .object({
    property: z.string().min(1).max(255),
    operator: FilterOperator,
    value: z.union([
      z.string().max(1000),
      z
        .int()
        .min(-INT32)
        .max(INT32 - 1),
      z.boolean(),
    ]),
  })
  .meta({ id: 'FilterClause' });
export type FilterClause = z.infer<typeof FilterClause>;

export interface MeterFilter {
  conjunction: z.infer<typeof FilterConjunction>;
  clauses: (FilterClause | MeterFilter)[];
}

/** A filter is evaluated on every ingested event: it stays small (clauses counted across every nesting level). */
export const MAX_FILTER_CLAUSES = 100;

export const MeterFilter: z.ZodType<MeterFilter> = z
  .object({
    conjunction: FilterConjunction,
    get clauses() {
      return z.array(z.union([FilterClause, MeterFilter])).max(MAX_FILTER_CLAUSES);
    },
  })
  .meta({ id: 'Filter' });

const clauseCount = (filter: MeterFilter): number =>
  filter.clauses.reduce((sum, clause) => sum + ('clauses' in clause ? 1 + clauseCount(clause) : 1), 0);

/** A filter within the clause limit, counted across every nesting level. */
export const BoundedMeterFilter = MeterFilter.refine((filter) => clauseCount(filter) <= MAX_FILTER_CLAUSES, {
  message: `A filter has at most ${MAX_FILTER_CLAUSES} clauses in all`,
});
