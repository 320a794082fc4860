// The read model's feed: every webhook event that is a billing fact adds its row in the transaction writing the
// event. A transaction that announces a subscription several times (subscription.updated, then .active) keeps
// its last state once.
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../kernel/ids';
import type { EventListener } from '../../platform/outbox';
import { factOf } from './metric-fact.logic';
import { MetricFact } from './metric.entity';

export function recordFacts(): EventListener {
  const written = new WeakMap<EntityManager, Map<string, MetricFact>>();
  return (tx, organizationId, type, payload) => {
    const fields = factOf(type, payload.data);
    if (!fields) return;
    const key = `${fields.kind}:${fields.sourceId}:${fields.kind === 'checkout' ? fields.status : ''}`;
    const facts = written.get(tx.em) ?? new Map<string, MetricFact>();
    written.set(tx.em, facts);
    const earlier = facts.get(key);
    if (earlier) return void Object.assign(earlier, fields);
    facts.set(key, tx.em.create(MetricFact, { id: newId(), organizationId, ...fields }));
  };
}
