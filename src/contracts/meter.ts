// Meters: what counts usage. Fields follow the spec's Meter and the reference's MeterCreate/MeterUpdate.
import { z } from 'zod';
import { ListResource } from './list-resource';
import { MetadataInput, MetadataOutput, MetadataQuery } from './metadata';
import { PageQuery, queryBoolean, queryMany, queryOne, sortingQuery } from './query-params';
import { Timestamp, Uuid } from './common';

export { type Metadata } from './metadata';

export const MeterUnit = z.enum(['scalar', 'token', 'custom']);
export type MeterUnit = z.infer<typeof MeterUnit>;

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

const property = z.string().min(1).max(255);
export const MeterAggregation = z
  .discriminatedUnion('func', [
    z.object({ func: z.literal('count') }),
    z.object({ func: z.literal('unique'), property }),
    z.object({ func: z.enum(['sum', 'max', 'min', 'avg']), property }),
  ])
  .meta({ id: 'MeterAggregation' });
export type MeterAggregation = z.infer<typeof MeterAggregation>;

const name = z.string().trim().min(3).max(255);

export const MeterCreate = z
  .object({
    name,
    unit: MeterUnit.default('scalar'),
    custom_label: z.string().max(100).nullish(),
    custom_multiplier: z.int32().positive().nullish(),
    filter: BoundedMeterFilter,
    aggregation: MeterAggregation,
    metadata: MetadataInput.default({}),
    organization_id: Uuid.nullish(),
  })
  .meta({ id: 'MeterCreate' });
export type MeterCreate = z.infer<typeof MeterCreate>;

/** Absent or null leaves a field as it is, except `custom_label`/`custom_multiplier`, which null clears. */
export const MeterUpdate = z
  .object({
    name: name.nullish(),
    unit: MeterUnit.nullish(),
    custom_label: z.string().max(100).nullish(),
    custom_multiplier: z.int32().positive().nullish(),
    filter: BoundedMeterFilter.nullish(),
    aggregation: MeterAggregation.nullish(),
    metadata: MetadataInput.optional(),
    is_archived: z.boolean().nullish(),
  })
  .meta({ id: 'MeterUpdate' });
export type MeterUpdate = z.infer<typeof MeterUpdate>;

export const Meter = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    metadata: MetadataOutput,
    name: z.string(),
    unit: MeterUnit,
    custom_label: z.string().nullable(),
    custom_multiplier: z.int32().nullable(),
    filter: MeterFilter,
    aggregation: MeterAggregation,
    organization_id: Uuid,
    archived_at: Timestamp.nullable(),
  })
  .meta({ id: 'Meter' });
export type Meter = z.infer<typeof Meter>;

export const MeterList = ListResource(Meter).meta({ id: 'ListResource_Meter_' });

export const METER_SORT_FIELDS = ['created_at', 'name'] as const;
export type MeterSortField = (typeof METER_SORT_FIELDS)[number];

export const MeterListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  query: queryOne(z.string().max(255).optional()),
  is_archived: queryBoolean,
  sorting: sortingQuery(METER_SORT_FIELDS, ['-created_at']),
  metadata: MetadataQuery,
});
export type MeterListQuery = z.infer<typeof MeterListQuery>;

export const TimeInterval = z.enum(['hour', 'day', 'week', 'month', 'year']).meta({ id: 'TimeInterval' });
export type TimeInterval = z.infer<typeof TimeInterval>;

export const AggregationFunction = z
  .enum(['count', 'sum', 'max', 'min', 'avg', 'unique'])
  .meta({ id: 'AggregationFunction' });
export type AggregationFunction = z.infer<typeof AggregationFunction>;

/** An IANA time zone name (PostgreSQL and the ICU data of Node both know them). */
const TimeZone = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'Unknown time zone' },
);

/** The longest range each interval may cover: a calendar length after the start (months and years in UTC). */
const MAX_RANGE: Record<TimeInterval, { label: string; after: (start: Date) => Date }> = {
  hour: { label: '7 days', after: (s) => new Date(s.getTime() + 7 * 86_400_000) },
  day: { label: '366 days', after: (s) => new Date(s.getTime() + 366 * 86_400_000) },
  week: { label: '53 weeks', after: (s) => new Date(s.getTime() + 53 * 7 * 86_400_000) },
  month: { label: '4 years', after: (s) => addUtcMonths(s, 48) },
  year: { label: '10 years', after: (s) => addUtcMonths(s, 120) },
};

function addUtcMonths(date: Date, months: number): Date {
  const out = new Date(date);
  out.setUTCMonth(out.getUTCMonth() + months);
  return out;
}

export const MeterQuantitiesQuery = z
  .object({
    start_timestamp: queryOne(Timestamp),
    end_timestamp: queryOne(Timestamp),
    interval: queryOne(TimeInterval),
    timezone: queryOne(TimeZone.default('UTC')),
    customer_id: queryMany(Uuid),
    external_customer_id: queryMany(z.string().min(1).max(255)),
    metadata: MetadataQuery,
    customer_aggregation_function: queryOne(AggregationFunction.optional()),
  })
  .superRefine((query, ctx) => {
    const start = new Date(query.start_timestamp);
    const end = new Date(query.end_timestamp);
    if (!query.interval || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return;
    if (end <= start) {
      ctx.addIssue({ code: 'custom', path: ['end_timestamp'], message: 'end_timestamp must be after start_timestamp' });
    } else if (end > MAX_RANGE[query.interval].after(start)) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_timestamp'],
        message: `With interval=${query.interval}, the range covers at most ${MAX_RANGE[query.interval].label}`,
      });
    }
  });
export type MeterQuantitiesQuery = z.infer<typeof MeterQuantitiesQuery>;

export const MeterQuantity = z
  .object({
    timestamp: Timestamp.describe('The timestamp for the current period.'),
    quantity: z.number().describe('The quantity for the current period.'),
  })
  .meta({ id: 'MeterQuantity' });
export type MeterQuantity = z.infer<typeof MeterQuantity>;

export const MeterQuantities = z
  .object({
    quantities: z.array(MeterQuantity),
    total: z.number().describe('The total quantity for the period.'),
  })
  .meta({ id: 'MeterQuantities' });
export type MeterQuantities = z.infer<typeof MeterQuantities>;
