// A sandbox refund: of a succeeded charge, never beyond what remains of it, once per idempotency key; complete at once.
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { RefundDeclined } from './payment-processor';
import type { ChargeRow } from './sandbox-charge-row';

export async function sandboxRefund(
  orm: MikroORM,
  input: { chargeId: string; amount: number; idempotencyKey: string },
): Promise<{ refundId: string }> {
  return orm.em.fork().transactional(async (em) => {
    const [charge] = await em.execute<ChargeRow[]>(
      "select * from sandbox_processor_charge where id = ? and status = 'succeeded' for update",
      [input.chargeId],
    );
    if (!charge) throw new RefundDeclined(`No succeeded charge ${input.chargeId}`);
    const [disputed] = await em.execute<{ status: string }[]>(
      "select status from sandbox_processor_dispute where charge_id = ? and status <> 'won'",
      [input.chargeId],
    );
    if (disputed) throw new RefundDeclined(`Charge ${input.chargeId} is disputed (${disputed.status}).`);
    const [existing] = await em.execute<{ id: string }[]>(
      'select id from sandbox_processor_refund where idempotency_key = ?',
      [input.idempotencyKey],
    );
    if (existing) return { refundId: existing.id };
    const [{ refunded }] = await em.execute<{ refunded: number }[]>(
      'select coalesce(sum(amount), 0)::int as refunded from sandbox_processor_refund where charge_id = ?',
      [input.chargeId],
    );
    if (input.amount <= 0 || refunded + input.amount > charge.amount) {
      throw new RefundDeclined(
        `Refund of ${input.amount} exceeds what remains of charge ${input.chargeId} (${charge.amount - refunded})`,
      );
    }
    const id = `re_sandbox_${randomUUID()}`;
    await em.execute(
      'insert into sandbox_processor_refund (id, idempotency_key, charge_id, amount) values (?, ?, ?, ?)',
      [id, input.idempotencyKey, input.chargeId, input.amount],
    );
    return { refundId: id };
  });
}
