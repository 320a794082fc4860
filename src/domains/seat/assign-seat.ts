// A seat assigned to a member of the buying customer: the purchase must be seat-based and active, with a place left,
// and the member must not hold one of its seats already. The member is found by id or external id, or made from an
// e-mail address. Written with customer_seat.assigned (and, with `immediate_claim`, claimed at once with its grants
// and customer_seat.claimed), and its flow `seat:<id>` started through the outbox — in the caller's transaction.
import { clockInput } from '../../../workflows/definitions';
import { SEAT_FLOW } from '../../../workflows/seat-definitions';
import type { SeatAssign } from '../../contracts/customer-seat';
import { newId } from '../../kernel/ids';
import { ResourceNotFound } from '../../kernel/errors';
import type { Tx } from '../../platform/database/transaction';
import { flowStart } from '../../platform/temporal/flow-start';
import { memberByExternalId, memberById } from '../customer';
import type { SeatDeps } from './seat-deps';
import { CustomerSeat } from './seat.entity';
import { notSeatBased, SeatAlreadyAssigned, SeatsExhausted, sourceNotActive } from './seat.errors';
import { availableSeats } from './seat.logic';
import { announceSeat, markClaimed } from './seat-steps';
import { lockSeatsOf, refOf, seatSource, type SeatSource } from './seat-source';

export async function assignSeat(
  deps: SeatDeps,
  tx: Tx,
  organizationId: string,
  body: SeatAssign,
  /** The portal's caller: only their own purchases. */
  ofCustomerId?: string,
): Promise<CustomerSeat> {
  const ref = refOf(body);
  await lockSeatsOf(tx.em, ref.id); // concurrent assignments to one purchase count one after the other
  const source = await seatSource(deps, tx.em, organizationId, ref, ofCustomerId);
  if (source.total === null) throw notSeatBased();
  if (!source.active) throw sourceNotActive();
  const member = await memberOf(deps, tx, source, body);
  const live = await tx.em.find(CustomerSeat, { ...sourceWhere(source), status: { $ne: 'revoked' } });
  if (live.some((seat) => seat.memberId === member.id)) throw new SeatAlreadyAssigned();
  if (
    availableSeats(
      source.total,
      live.map((s) => s.status),
    ) === 0
  )
    throw new SeatsExhausted(`All ${source.total} seats of this purchase are assigned: revoke one first.`);
  const now = await deps.testClocks.now(tx.em, source.testClockId);
  const seat = tx.em.create(CustomerSeat, {
    id: newId(),
    organizationId,
    customerId: source.customerId,
    subscriptionId: ref.kind === 'subscription' ? ref.id : null,
    orderId: ref.kind === 'order' ? ref.id : null,
    memberId: member.id,
    email: member.email,
    status: 'pending',
    invitationTokenDigest: null,
    invitationTokenExpiresAt: null,
    claimedAt: null,
    revokedAt: null,
    seatMetadata: body.metadata ?? null,
    testClockId: source.testClockId,
    createdAt: now,
    modifiedAt: null,
  });
  await tx.em.flush();
  await announceSeat(deps, tx, seat, 'customer_seat.assigned');
  if (body.immediate_claim) await markClaimed(deps, tx, seat);
  deps.outbox.enqueueWorkflowStart(
    tx,
    organizationId,
    flowStart(
      SEAT_FLOW,
      [seat.id],
      {
        seatId: seat.id,
        status: body.immediate_claim ? 'claimed' : 'pending',
        clock: clockInput(seat.testClockId, now),
      },
      {
        searchAttributes: {
          CustomerId: seat.customerId,
          ...(seat.subscriptionId ? { SubscriptionId: seat.subscriptionId } : { OrderId: seat.orderId! }),
        },
        summary: `Seat ${seat.id} of ${ref.kind} ${ref.id}`,
      },
    ),
  );
  return seat;
}

export const sourceWhere = (source: Pick<SeatSource, 'ref'>) =>
  source.ref.kind === 'subscription' ? { subscriptionId: source.ref.id } : { orderId: source.ref.id };

/** The member the body names, of the buying customer; an e-mail not yet a member's makes one (role `member`). */
async function memberOf(deps: SeatDeps, tx: Tx, source: SeatSource, body: SeatAssign) {
  const { organizationId, customerId } = source;
  const notFound = () => new ResourceNotFound('Member not found.');
  if (body.member_id) {
    const member = await memberById(tx.em, organizationId, body.member_id);
    if (!member || member.customerId !== customerId) throw notFound();
    return member;
  }
  if (body.email) {
    const ensured = await deps.members.ensureMember(tx, {
      organizationId,
      customerId,
      email: body.email,
      externalId: body.external_member_id ?? null,
      role: 'member',
    });
    return ensured.member;
  }
  const member = await memberByExternalId(tx.em, organizationId, customerId, body.external_member_id!);
  if (!member) throw notFound();
  return member;
}
