// A member deleted: their seats are revoked in the same transaction (grants revoked, customer_seat.revoked), and each
// seat's flow told once it commits.
import { seatRevokedSignal, seatWorkflowId } from '../../../workflows/seat-definitions';
import type { Tx } from '../../platform/database/transaction';
import type { SeatDeps } from './seat-deps';
import { CustomerSeat } from './seat.entity';
import { markRevoked } from './seat-steps';

export const revokeSeatsOfMember =
  (deps: SeatDeps) =>
  async (tx: Tx, member: { organizationId: string; id: string }): Promise<void> => {
    const seats = await tx.em.find(CustomerSeat, {
      organizationId: member.organizationId,
      memberId: member.id,
      status: { $ne: 'revoked' },
    });
    for (const seat of seats) {
      await markRevoked(deps, tx, seat);
      tx.afterCommit(() => deps.flows.signal(seatWorkflowId(seat.id), seatRevokedSignal, [], { ignoreMissing: true }));
    }
  };
