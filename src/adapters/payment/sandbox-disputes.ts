// The sandbox processor's disputes: a test card's, opened with its charge; one opened through the sandbox API (the
// cardholder's stand-in) for what of a charge is not refunded; decided by the sandbox API or the card's outcome.
import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { RefundDeclined, type ProcessorDispute, type SandboxDisputes } from './payment-processor';

interface DisputeRow {
  id: string;
  charge_id: string;
  amount: number;
  reason: string;
  outcome: 'won' | 'lost' | null;
}

const asDispute = (row: DisputeRow): ProcessorDispute => ({
  id: row.id,
  chargeId: row.charge_id,
  amount: row.amount,
  reason: row.reason,
  outcome: row.outcome,
});

export function sandboxDisputes(orm: MikroORM): SandboxDisputes {
  // `em`: the caller's transaction, when it asks from inside one (a second connection there could wait for ever).
  const byCharge = async (chargeId: string, em: EntityManager = orm.em.fork()) => {
    const [row] = await em.execute<DisputeRow[]>('select * from sandbox_processor_dispute where charge_id = ?', [
      chargeId,
    ]);
    return row ? asDispute(row) : null;
  };
  return {
    disputeOf: byCharge,
    async open(chargeId, reason) {
      const em = orm.em.fork();
      const [charge] = await em.execute<{ remaining: number }[]>(
        `select c.amount - coalesce((select sum(r.amount) from sandbox_processor_refund r where r.charge_id = c.id), 0)
           as remaining
         from sandbox_processor_charge c where c.id = ? and c.status = 'succeeded'`,
        [chargeId],
      );
      if (!charge || charge.remaining <= 0) throw new RefundDeclined(`Nothing of charge ${chargeId} can be disputed.`);
      await em.execute(
        `insert into sandbox_processor_dispute (id, charge_id, amount, reason, outcome, status)
         values (?, ?, ?, ?, null, 'needs_response') on conflict (charge_id) do nothing`,
        [`dp_sandbox_${randomUUID()}`, chargeId, charge.remaining, reason],
      );
      return (await byCharge(chargeId))!;
    },
    async resolve(disputeId, status) {
      await orm.em
        .fork()
        .execute(
          "update sandbox_processor_dispute set status = ? where id = ? and status in ('needs_response', 'under_review')",
          [status, disputeId],
        );
    },
  };
}
