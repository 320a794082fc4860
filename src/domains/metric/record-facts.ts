// The read model's feed: every webhook event that is a billing fact adds its row in the transaction writing the
// event, with what the subscription's previous fact said (so that reads need no window over its history). A
// transaction that announces a subscription several times (subscription.updated, then .active) keeps its last state.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { newId } from '../../kernel/ids';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import type { EventListener } from '../../platform/outbox';
import { factOf, type FactFields } from './metric-fact.logic';

type Fact = FactFields & { id: string; organizationId: string };

const COLUMNS = `id, organization_id, kind, source_id, at, currency, customer_id, product_id, order_id, billing_reason,
  recurring, amount, tax, status, mrr, trial_mrr, cancel_requested, cancel_reason`;
const RECORD = `(id uuid, "organizationId" uuid, kind text, "sourceId" uuid, at timestamptz, currency text,
  "customerId" uuid, "productId" uuid, "orderId" uuid, "billingReason" text, recurring boolean, amount bigint,
  tax bigint, status text, mrr bigint, "trialMrr" bigint, "cancelRequested" boolean, "cancelReason" text)`;

/**
 * One statement: the facts, each subscription state with its previous state (none: nothing, no MRR); a checkout
 * has one fact, its latest state (its currency may change until it is paid, its customer is known once it is).
 */
export async function insertFacts(em: EntityManager, facts: Fact[]): Promise<void> {
  await em.execute(
    `insert into metric_fact (${COLUMNS}, previous_status, previous_mrr, previous_trial_mrr, previous_product_id,
       previous_cancel, had_mrr)
     select f.*, p.status, coalesce(p.mrr, 0), coalesce(p.trial_mrr, 0), p.product_id,
       coalesce(p.cancel_requested, false), coalesce(p.had_mrr or p.mrr > 0, false)
     from jsonb_to_recordset(?::jsonb) as f${RECORD}
     left join lateral (
       select status, mrr, trial_mrr, product_id, cancel_requested, had_mrr from metric_fact p
       where f.kind = 'subscription' and p.organization_id = f."organizationId" and p.kind = 'subscription'
         and p.source_id = f."sourceId"
       order by p.at desc, p.seq desc limit 1
     ) p on true
     on conflict (source_id) where kind = 'checkout' do update set status = excluded.status,
       currency = excluded.currency, customer_id = coalesce(excluded.customer_id, metric_fact.customer_id)`,
    [JSON.stringify(facts)],
  );
}

export function recordFacts(orm: MikroORM): EventListener {
  const pending = new WeakMap<Tx, Map<string, Fact>>();
  return (tx, organizationId, type, payload) => {
    const fields = factOf(type, payload.data);
    if (!fields) return;
    let facts = pending.get(tx);
    if (!facts) {
      const written = new Map<string, Fact>();
      pending.set(tx, (facts = written));
      // Written once the transaction's work is done; a fact after that (another task's event) starts a new batch.
      const write = () => {
        pending.delete(tx);
        return insertFacts(tx.em, [...written.values()]);
      };
      // Without a commit to hook into (never the case of a transaction that writes events), right after it.
      if (tx.beforeCommit) tx.beforeCommit(write);
      else tx.afterCommit(() => inTransaction(orm, (own) => insertFacts(own.em, [...written.values()])));
    }
    const key = `${fields.kind}:${fields.sourceId}`;
    facts.set(key, { id: facts.get(key)?.id ?? newId(), organizationId, ...fields });
  };
}
