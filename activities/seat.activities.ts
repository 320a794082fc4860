// Seat activities: thin calls into the seat flow's steps, one transaction each; refusals leave as named failures.
import { claimSeat, expireSeatInvitation, revokeSeat, sendSeatInvitation, type SeatDeps } from '../src/domains/seat';
import { asFailure } from './failures';

export const createSeatActivities = (deps: SeatDeps) => ({
  /** A new invitation token (its digest kept) e-mailed; its expiry, or null when the seat is no longer pending. */
  sendSeatInvitation: (seatId: string): Promise<string | null> => sendSeatInvitation(deps, seatId),
  /** The invitation issued to expire at `expiresAt` stops working. */
  expireSeatInvitation: (seatId: string, expiresAt: string): Promise<void> =>
    expireSeatInvitation(deps, seatId, expiresAt),
  /** Claimed with the token of this digest; grants synced; customer_seat.claimed. */
  claimSeat: (seatId: string, tokenDigest: string): Promise<'claimed'> =>
    asFailure(() => claimSeat(deps, seatId, tokenDigest)),
  /** Revoked; grants revoked; customer_seat.revoked. */
  revokeSeat: (seatId: string): Promise<'revoked'> => asFailure(() => revokeSeat(deps, seatId)),
});
