// The daily reconciliation: each organization's books over one day (by default the day before the clock's), and a
// `reconciliation.failed` event through the outbox for each organization where a law breaks — once per organization
// and day, however often the step runs.
import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ReconciliationFailure } from '../../contracts/reconciliation';
import type { Clock } from '../../kernel/clock';
import { inTransaction } from '../../platform/database/transaction';
import type { OutboxService } from '../../platform/outbox';
import { previousDay } from './reconciliation.logic';
import type { ReconciliationService } from './reconciliation.service';

export interface ReconcileDayDeps {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  reconciliation: ReconciliationService;
}

/** The run's id: a UUID (version 8, made by us) from the organization and the day, the same at every retry. */
export function failureId(organizationId: string, day: string): string {
  const hex = createHash('sha256').update(`reconciliation:${organizationId}:${day}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `8${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}

/** What a run reconciles: a day (the day before the clock's by default), of every organization or of one. */
export interface ReconcileDayInput {
  day?: string;
  organization_id?: string;
}

/** Reconciles the organizations over the day; returns the ids of those whose books did not add up. */
export async function reconcileDay(
  deps: ReconcileDayDeps,
  input: ReconcileDayInput = {},
): Promise<{ day: string; failed: string[] }> {
  const on = input.day ?? previousDay(deps.clock.now());
  const only = input.organization_id ?? null;
  const organizations = await deps.orm.em
    .fork()
    .execute<{ id: string }[]>('select id from organization where ?::uuid is null or id = ?::uuid order by id', [
      only,
      only,
    ]);
  const failed: string[] = [];
  const errors: string[] = [];
  // One organization's books that cannot be read do not keep the others from being reconciled; the step fails
  // afterwards (and is retried: an organization already told is not told twice).
  for (const { id } of organizations) {
    const told = await reconcileOne(deps, id, on).catch((error: Error) => void errors.push(`${id}: ${error.message}`));
    if (told) failed.push(id);
  }
  if (errors.length)
    throw new Error(`The books of ${errors.length} organizations could not be read: ${errors.join('; ')}`);
  return { day: on, failed };
}

/** Reconciles one organization's day; true when a law broke (and `reconciliation.failed` is sent, once). */
async function reconcileOne(deps: ReconcileDayDeps, id: string, on: string): Promise<boolean> {
  const result = await deps.reconciliation.reconcile(id, { from: on, to: on });
  if (result.ok) return false;
  const failure: ReconciliationFailure = {
    id: failureId(id, on),
    organization_id: id,
    from: on,
    to: on,
    failed_laws: result.laws.filter((law) => !law.ok),
  };
  await inTransaction(deps.orm, async (tx) => {
    const sent = await tx.em.execute<{ id: string }[]>(
      `insert into reconciliation_failure (id, organization_id, day, created_at) values (?, ?, ?, ?)
       on conflict (id) do nothing returning id`,
      [failure.id, id, on, deps.clock.now()],
    );
    if (sent.length) deps.outbox.enqueueEvent(tx, id, 'reconciliation.failed', failure);
  });
  return true;
}
