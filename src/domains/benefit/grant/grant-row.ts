// A grant's row as its sync takes it: locked, and created first when the grant should be held (a retried or concurrent
// sync finds the same one). A customer's grant is unique per customer, benefit and order or subscription; a seat's per
// benefit and seat (it also carries the seat's order or subscription, and its member).
import { LockMode } from '@mikro-orm/core';
import type { BenefitGrantInput } from '../../../../workflows/definitions';
import type { Tx } from '../../../platform/database/transaction';
import { newId } from '../../../kernel/ids';
import { BenefitGrant } from './benefit-grant.entity';
import type { GrantSourceState, SeatPurchase } from './grant-source';

const INSERT = `insert into benefit_grant
  (id, organization_id, customer_id, benefit_id, order_id, subscription_id, seat_id, member_id, properties, created_at)
  values (?, ?, ?, ?, ?, ?, ?, ?, '{}', ?)`;

/** The grant's row, created if missing (a retried or concurrent sync finds the same one), locked. */
export async function claimGrant(
  tx: Tx,
  input: BenefitGrantInput,
  state: GrantSourceState & { purchase?: SeatPurchase },
): Promise<BenefitGrant> {
  const seat = input.source.kind === 'seat';
  const purchase = seat ? state.purchase! : (input.source as SeatPurchase);
  const [orderId, subscriptionId] = purchase.kind === 'order' ? [purchase.id, null] : [null, purchase.id];
  const conflict = seat
    ? 'on conflict (benefit_id, seat_id) where seat_id is not null do nothing'
    : 'on conflict (customer_id, benefit_id, (coalesce(order_id, subscription_id))) where seat_id is null do nothing';
  await tx.em.execute(`${INSERT} ${conflict}`, [
    newId(),
    input.organizationId,
    input.customerId,
    input.benefitId,
    orderId,
    subscriptionId,
    seat ? input.source.id : null,
    seat ? state.memberId : null,
    state.at,
  ]);
  return (await lockedGrant(tx, input))!;
}

/** Where a source's grants are: a seat's by seat, an order's or subscription's (the customer's own) by that id. */
export const grantsOfSource = (source: BenefitGrantInput['source']) =>
  source.kind === 'seat'
    ? { seatId: source.id }
    : source.kind === 'order'
      ? { orderId: source.id, seatId: null }
      : { subscriptionId: source.id, seatId: null };

/** The grant's row, locked, or null when it has none yet. */
export function lockedGrant(tx: Tx, input: BenefitGrantInput): Promise<BenefitGrant | null> {
  return tx.em.findOne(
    BenefitGrant,
    { customerId: input.customerId, benefitId: input.benefitId, ...grantsOfSource(input.source) },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
}
