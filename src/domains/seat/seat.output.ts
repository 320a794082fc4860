// Seats as the API shows them (the 1.x client's CustomerSeat), their members read once.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerSeat as CustomerSeatOutput } from '../../contracts/customer-seat';
import type { Member as MemberOutput } from '../../contracts/member';
import { memberOutput, membersByIds } from '../customer';
import type { CustomerSeat } from './seat.entity';

export async function seatOutputs(em: EntityManager, seats: CustomerSeat[]): Promise<CustomerSeatOutput[]> {
  const members = new Map<string, MemberOutput>();
  for (const organizationId of new Set(seats.map((seat) => seat.organizationId))) {
    const ids = seats.flatMap((seat) => (seat.organizationId === organizationId && seat.memberId) || []);
    for (const member of await membersByIds(em, organizationId, ids)) members.set(member.id, memberOutput(member));
  }
  // A deleted member is no longer shown (its seat was revoked with it).
  return seats.map((seat) => seatOutput(seat, (seat.memberId && members.get(seat.memberId)) || null));
}

export function seatOutput(seat: CustomerSeat, member: MemberOutput | null): CustomerSeatOutput {
  return {
    created_at: seat.createdAt.toISOString(),
    modified_at: seat.modifiedAt?.toISOString() ?? null,
    id: seat.id,
    subscription_id: seat.subscriptionId,
    order_id: seat.orderId,
    status: seat.status,
    customer_id: seat.customerId,
    member_id: seat.memberId,
    member,
    email: seat.email,
    customer_email: seat.email,
    invitation_token_expires_at: seat.invitationTokenExpiresAt?.toISOString() ?? null,
    claimed_at: seat.claimedAt?.toISOString() ?? null,
    revoked_at: seat.revokedAt?.toISOString() ?? null,
    seat_metadata: seat.seatMetadata,
  };
}
