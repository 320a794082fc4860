// Seats' pure rules: how many are left, which moves a seat may take, and when its invitation expires. Importable from
// the seat workflow.
import type { SeatStatus } from '../../contracts/customer-seat';

/** An invitation's claim token is good for this long (on the billing customer's clock). */
export const SEAT_INVITATION_TTL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const invitationExpiry = (issuedAt: Date): Date =>
  new Date(issuedAt.getTime() + SEAT_INVITATION_TTL_DAYS * DAY_MS);

/** Seats that take a place of those bought: pending and claimed ones (revoked seats free theirs). */
export const holdsPlace = (status: SeatStatus): boolean => status !== 'revoked';

/** What is left of `total` with these seats assigned (never below 0: a count lowered by other means shows 0). */
export function availableSeats(total: number, statuses: readonly SeatStatus[]): number {
  return Math.max(0, total - statuses.filter(holdsPlace).length);
}

/** A move the seat's flow takes on request: claim (an invitation redeemed), resend the invitation, revoke. */
export type SeatMove = 'claim' | 'resend' | 'revoke';

/** Why `move` is refused from `status` (null: allowed). */
export function seatMoveRefusal(status: SeatStatus, move: SeatMove): string | null {
  if (status === 'revoked') return 'This seat is revoked.';
  if (move === 'claim' && status !== 'pending') return 'This seat is claimed already.';
  if (move === 'resend' && status !== 'pending') return 'Only a pending seat has an invitation to resend.';
  return null;
}

/** Whether an invitation issued to expire at `expiresAt` can still be claimed at `now`. */
export const invitationValid = (expiresAt: Date | null, now: Date): boolean =>
  expiresAt !== null && now.getTime() < expiresAt.getTime();
