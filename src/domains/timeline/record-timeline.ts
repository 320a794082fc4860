// The timeline's feed: the entries a transaction makes (from its webhook events, its payments) are inserted in one
// statement just before it commits, each with the cause the transaction ran under. A plan change carries the preview
// of the same change that preceded it, when the customer or merchant asked for one.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { newId } from '../../kernel/ids';
import { currentCause, type Cause } from '../../platform/cause/cause';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import type { EventListener } from '../../platform/outbox';
import type { Clock } from '../../kernel/clock';
import { entryOf, type EntryFields } from './timeline-entry.logic';

export type Entry = EntryFields & {
  id: string;
  organizationId: string;
  cause: Cause;
  eventId: string | null;
  /** A charge's order: the entry is placed at the time the charge was due, unless made earlier. */
  dueOrderId?: string | null;
};

/** What a transaction ran for when nothing said (a script, a migration): the system. */
const UNKNOWN: Cause = { type: 'workflow', name: 'system' };

const RECORD = `(id uuid, "organizationId" uuid, "customerId" uuid, at timestamptz, type text, "resourceType" text,
  "resourceId" uuid, "subscriptionId" uuid, amount bigint, currency text, summary text, details jsonb, cause jsonb,
  "eventId" uuid, "dedupeKey" text, "dueOrderId" uuid, n int)`;

/**
 * One statement for all of a transaction's entries, numbered (`seq`) in the order the transaction made them; an entry
 * whose fact is recorded already is skipped. An entry
 * without a time of its own (a checkout's, a payment's) is placed at the customer's time now: the wall clock's, or
 * its test clock's, read in the same statement — and on a test clock a charge at the time its order was due when that
 * was earlier (a clock moved past a renewal or a retry runs it late; on the wall clock flows run on time).
 */
export async function insertEntries(em: EntityManager, entries: readonly Entry[], now: Date): Promise<void> {
  if (!entries.length) return;
  await em.execute(
    `insert into timeline_entry (id, organization_id, customer_id, at, type, resource_type, resource_id,
       subscription_id, amount, currency, summary, details, cause, event_id, dedupe_key)
     select f.id, f."organizationId", f."customerId",
       coalesce(f.at, (select least(t.frozen_time, o.due) from customer c join test_clock t on t.id = c.test_clock_id
         where c.id = f."customerId"), ?::timestamptz),
       f.type, f."resourceType", f."resourceId", coalesce(f."subscriptionId", o.subscription_id), f.amount,
       f.currency, f.summary,
       case when f.type = 'subscription.plan_changed' then f.details || jsonb_build_object('preview', (
         select jsonb_build_object('entry_id', p.id, 'at', p.at, 'amount_due_now', p.amount, 'summary', p.summary)
         from timeline_entry p
         where p.organization_id = f."organizationId" and p.customer_id = f."customerId"
           and p.subscription_id = f."subscriptionId"
           and p.type = 'subscription.change_previewed' and p.details->>'product_id' = f.details->>'product_id'
           and p.recorded_at > now() - interval '1 day'
         order by p.seq desc limit 1))
       else f.details end,
       f.cause, f."eventId", f."dedupeKey"
     from jsonb_to_recordset(?::jsonb) as f${RECORD}
     left join lateral (
       select coalesce(o.next_payment_attempt_at, o.created_at) as due, o.subscription_id from "order" o
       where o.id = f."dueOrderId"
     ) o on true
     order by f.n
     on conflict (organization_id, dedupe_key) where dedupe_key is not null do nothing`,
    [now, JSON.stringify(entries.map((entry, n) => ({ ...entry, n })))],
  );
}

/** Collects a transaction's entries and writes them once its work is done (the last entry of a resource's type wins). */
export class TimelineRecorder {
  private readonly pending = new WeakMap<Tx, Map<string, Entry>>();

  constructor(
    private readonly orm: MikroORM,
    private readonly clock: Clock,
  ) {}

  /** The outbox's listener: every webhook event of a customer that is a billing fact. */
  readonly listener: EventListener = (tx, organizationId, type, payload, eventId) => {
    const cause = currentCause() ?? UNKNOWN;
    const fields = entryOf(type, payload.data, cause);
    if (fields) this.add(tx, { ...fields, id: newId(), organizationId, cause, eventId });
  };

  add(tx: Tx, entry: Omit<Entry, 'cause'> & { cause?: Cause }): void {
    let entries = this.pending.get(tx);
    if (!entries) {
      const written = new Map<string, Entry>();
      this.pending.set(tx, (entries = written));
      const write = (em: EntityManager) => {
        this.pending.delete(tx);
        return insertEntries(em, [...written.values()], this.clock.now());
      };
      if (tx.beforeCommit) tx.beforeCommit(() => write(tx.em));
      else tx.afterCommit(() => inTransaction(this.orm, (own) => write(own.em)));
    }
    const key = `${entry.type}:${entry.resourceId}`;
    entries.set(key, {
      ...entry,
      cause: entry.cause ?? currentCause() ?? UNKNOWN,
      id: entries.get(key)?.id ?? entry.id,
    });
  }
}
