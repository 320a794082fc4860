// The seat flow's steps, one transaction each: send (or resend) the invitation, drop an expired token, claim, revoke.
// Each guards on the seat's state, so a retried step changes nothing twice; claims and revokes sync the seat's grants.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ResourceNotFound } from '../../kernel/errors';
import { generateToken, hashToken } from '../../platform/crypto/tokens';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import type { SeatDeps } from './seat-deps';
import { CustomerSeat } from './seat.entity';
import { SeatInvitationExpired, SeatNotAvailable } from './seat.errors';
import { invitationExpiry, SEAT_INVITATION_TTL_DAYS } from './seat.logic';
import { seatInvitationEmail } from './seat-invitation.email';
import { seatOutputs } from './seat.output';
import { seatRefOf, seatSource } from './seat-source';

export const SEAT_TOKEN_PREFIX = 'bursar_seat_';

async function lockedSeat(em: EntityManager, seatId: string): Promise<CustomerSeat> {
  const seat = await em.findOne(CustomerSeat, { id: seatId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!seat) throw new ResourceNotFound('Seat not found.');
  return seat;
}

/** A webhook event carrying the seat as the API shows it. */
export async function announceSeat(
  deps: Pick<SeatDeps, 'outbox'>,
  tx: Tx,
  seat: CustomerSeat,
  type: 'customer_seat.assigned' | 'customer_seat.claimed' | 'customer_seat.revoked',
): Promise<void> {
  const [output] = await seatOutputs(tx.em, [seat]);
  deps.outbox.enqueueEvent(tx, seat.organizationId, type, output);
}

/** The seat's grants follow its state (granted once claimed, revoked once revoked or its purchase ended). */
export async function syncSeatGrants(deps: SeatDeps, tx: Tx, seat: CustomerSeat): Promise<void> {
  const source = await seatSource(deps, tx.em, seat.organizationId, seatRefOf(seat));
  await deps.grantRequests.syncSource(
    tx,
    seat.organizationId,
    seat.customerId,
    { kind: 'seat', id: seat.id },
    source.productId,
  );
}

/** A new invitation token (the previous one stops working), its digest kept, e-mailed; its expiry (null: not pending). */
export function sendSeatInvitation(deps: SeatDeps, seatId: string): Promise<string | null> {
  return inTransaction(deps.orm, async (tx) => {
    const seat = await lockedSeat(tx.em, seatId);
    if (seat.status !== 'pending') return null;
    const now = await deps.testClocks.now(tx.em, seat.testClockId);
    const token = generateToken(SEAT_TOKEN_PREFIX);
    const expiresAt = invitationExpiry(now);
    Object.assign(seat, {
      invitationTokenDigest: hashToken(token, deps.serverSecret),
      invitationTokenExpiresAt: expiresAt,
      modifiedAt: deps.clock.now(),
    });
    const organization = await deps.organizations.findOrganization(tx.em, seat.organizationId);
    const source = await seatSource(deps, tx.em, seat.organizationId, seatRefOf(seat));
    const product = source.productId ? await deps.products.get(tx.em, seat.organizationId, source.productId) : null;
    await tx.em.flush();
    await deps.email.enqueue(tx, {
      organizationId: seat.organizationId,
      to: seat.email,
      template: seatInvitationEmail,
      params: {
        token,
        organizationName: organization.name,
        productName: product?.name ?? organization.name,
        validDays: SEAT_INVITATION_TTL_DAYS,
      },
    });
    return expiresAt.toISOString();
  });
}

/** The invitation issued to expire at `expiresAt` has: its token stops working (a resend issues a new one). */
export async function expireSeatInvitation(deps: SeatDeps, seatId: string, expiresAt: string): Promise<void> {
  await deps.orm.em.fork().execute(
    `update customer_seat set invitation_token_digest = null
       where id = ? and status = 'pending' and invitation_token_expires_at = ?`,
    [seatId, new Date(expiresAt)],
  );
}

/** The invitation with this token digest redeemed: claimed, its grants synced, customer_seat.claimed. */
export function claimSeat(deps: SeatDeps, seatId: string, tokenDigest: string): Promise<'claimed'> {
  return inTransaction(deps.orm, async (tx): Promise<'claimed'> => {
    const seat = await lockedSeat(tx.em, seatId);
    if (seat.status === 'claimed' && seat.invitationTokenDigest === null) return 'claimed';
    if (seat.status !== 'pending') throw new SeatNotAvailable(`This seat is ${seat.status}.`);
    if (seat.invitationTokenDigest !== tokenDigest) throw new SeatInvitationExpired();
    await markClaimed(deps, tx, seat);
    return 'claimed';
  });
}

/** Claims a pending seat in the caller's transaction (a claim, or an assignment with `immediate_claim`). */
export async function markClaimed(deps: SeatDeps, tx: Tx, seat: CustomerSeat): Promise<void> {
  const now = await deps.testClocks.now(tx.em, seat.testClockId);
  Object.assign(seat, {
    status: 'claimed',
    claimedAt: now,
    invitationTokenDigest: null,
    modifiedAt: deps.clock.now(),
  });
  await tx.em.flush();
  await syncSeatGrants(deps, tx, seat);
  await announceSeat(deps, tx, seat, 'customer_seat.claimed');
}

/** Revoked: its place freed, its grants revoked, customer_seat.revoked (once). */
export function revokeSeat(deps: SeatDeps, seatId: string): Promise<'revoked'> {
  return inTransaction(deps.orm, async (tx): Promise<'revoked'> => {
    const seat = await lockedSeat(tx.em, seatId);
    if (seat.status !== 'revoked') await markRevoked(deps, tx, seat);
    return 'revoked';
  });
}

/** Revokes the seat in the caller's transaction. */
export async function markRevoked(deps: SeatDeps, tx: Tx, seat: CustomerSeat): Promise<void> {
  const wasClaimed = seat.status === 'claimed';
  const now = await deps.testClocks.now(tx.em, seat.testClockId);
  Object.assign(seat, { status: 'revoked', revokedAt: now, invitationTokenDigest: null, modifiedAt: deps.clock.now() });
  await tx.em.flush();
  if (wasClaimed) await syncSeatGrants(deps, tx, seat);
  await announceSeat(deps, tx, seat, 'customer_seat.revoked');
}
