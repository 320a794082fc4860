// The reconciliation of an organization's books over a range of days: each conservation law with its totals and the
// rows that break it, and the `reconciliation.failed` webhook's resource.
import { z } from 'zod';
import { Uuid } from './common';
import { queryOne } from './query-params';

/** The longest range one reconciliation reads, in days (both ends included). */
export const MAX_RECONCILIATION_DAYS = 366;

/** A calendar day PostgreSQL can count from and to. */
const Day = z.iso.date().refine((day) => day >= '1900-01-01' && day <= '9998-12-31', {
  message: 'Date should be between 1900-01-01 and 9998-12-31',
});

/** The day's first instant in ms, null for what is not a calendar day (2027-02-30). */
function dayStart(day: unknown): number | null {
  if (typeof day !== 'string') return null;
  const at = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day ? at : null;
}

export const ReconciliationQuery = z
  .object({ from: queryOne(Day), to: queryOne(Day) })
  .superRefine((query, ctx) => {
    const from = dayStart(query.from);
    const to = dayStart(query.to);
    if (from === null || to === null) return; // the day itself is refused on its field
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['to'], message });
    if (to < from) issue('to must not be before from');
    else if ((to - from) / 86_400_000 + 1 > MAX_RECONCILIATION_DAYS)
      issue(`The range covers at most ${MAX_RECONCILIATION_DAYS} days`);
  })
  .meta({ id: 'ReconciliationQuery' });
export type ReconciliationQuery = z.infer<typeof ReconciliationQuery>;

export const RECONCILIATION_LAWS = ['usage', 'credits', 'charges', 'refunds', 'benefits', 'events'] as const;
export const ReconciliationLawName = z.enum(RECONCILIATION_LAWS).meta({ id: 'ReconciliationLawName' });
export type ReconciliationLawName = z.infer<typeof ReconciliationLawName>;

/** A row (or a pair of rows) that breaks a law: why, the ids naming it, and the two sides that differ where there are. */
export const ReconciliationBreak = z
  .object({
    reason: z.string().describe('What does not add up, e.g. `charge_without_order`.'),
    ids: z.record(z.string(), z.string()).describe('The rows that break the law, by what they are (`payment_id`…).'),
    expected: z.number().nullable(),
    actual: z.number().nullable(),
  })
  .meta({ id: 'ReconciliationBreak' });
export type ReconciliationBreak = z.infer<typeof ReconciliationBreak>;

/** Figures of a law: quantities, or for money a record per currency of integer minor units. */
export const ReconciliationTotals = z
  .record(z.string(), z.union([z.number(), z.record(z.string(), z.number())]))
  .meta({ id: 'ReconciliationTotals' });
export type ReconciliationTotals = z.infer<typeof ReconciliationTotals>;

export const ReconciliationLaw = z
  .object({
    law: ReconciliationLawName,
    statement: z.string().describe('The law in words.'),
    ok: z.boolean(),
    totals: ReconciliationTotals,
    breaking: z.array(ReconciliationBreak).describe('At most 100 rows; `breaking_count` counts them all.'),
    breaking_count: z.int(),
  })
  .meta({ id: 'ReconciliationLaw' });
export type ReconciliationLaw = z.infer<typeof ReconciliationLaw>;

export const Reconciliation = z
  .object({
    organization_id: Uuid,
    from: z.string(),
    to: z.string(),
    ok: z.boolean(),
    laws: z.array(ReconciliationLaw),
  })
  .meta({ id: 'Reconciliation', description: 'The conservation laws of the books over a range of days.' });
export type Reconciliation = z.infer<typeof Reconciliation>;

/** The `reconciliation.failed` event's resource: the day's run and the laws it found broken. */
export const ReconciliationFailure = z
  .object({
    id: Uuid,
    organization_id: Uuid,
    from: z.string(),
    to: z.string(),
    failed_laws: z.array(ReconciliationLaw),
  })
  .meta({ id: 'ReconciliationFailure' });
export type ReconciliationFailure = z.infer<typeof ReconciliationFailure>;
