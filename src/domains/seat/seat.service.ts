// Seats over the API: list a purchase's seats, assign one, revoke or resend (Updates of the seat's flow), and the
// public claim (its info, and the claim itself, which opens the member's customer session).
import type { EntityManager } from '@mikro-orm/postgresql';
import { seatCommandUpdate, seatWorkflowId, type SeatCommand } from '../../../workflows/seat-definitions';
import type {
  CustomerSeat as CustomerSeatOutput,
  CustomerSeatClaimResponse,
  SeatAssign,
  SeatClaimInfo,
  SeatsList,
  SeatsListQuery,
} from '../../contracts/customer-seat';
import { ResourceNotFound } from '../../kernel/errors';
import { hashToken } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/database/transaction';
import { customerById, memberById } from '../customer';
import { assignSeat, sourceWhere } from './assign-seat';
import type { SeatDeps } from './seat-deps';
import { CustomerSeat } from './seat.entity';
import { SEAT_ERRORS, SeatInvitationExpired, SeatNotAvailable } from './seat.errors';
import { availableSeats, invitationValid } from './seat.logic';
import { seatOutputs } from './seat.output';
import { refOf, seatRefOf, seatSource } from './seat-source';

/** Whose seats a caller may see: the organization's (org API) or one billing customer's (the portal). */
export interface SeatScope {
  organizationId: string;
  customerId?: string;
}

export class SeatService {
  constructor(private readonly deps: SeatDeps) {}

  async list(em: EntityManager, scope: SeatScope, query: SeatsListQuery): Promise<SeatsList> {
    const source = await seatSource(this.deps, em, scope.organizationId, refOf(query), scope.customerId);
    const seats = await em.find(CustomerSeat, sourceWhere(source), { orderBy: { createdAt: 'asc', id: 'asc' } });
    const total = source.total ?? 0;
    return {
      seats: await seatOutputs(em, seats),
      available_seats: availableSeats(
        total,
        seats.map((s) => s.status),
      ),
      total_seats: total,
    };
  }

  async assign(tx: Tx, scope: SeatScope, body: SeatAssign): Promise<CustomerSeatOutput> {
    const seat = await assignSeat(this.deps, tx, scope.organizationId, body, scope.customerId);
    return (await seatOutputs(tx.em, [seat]))[0];
  }

  /** `DELETE`: revoked by its flow (its grants revoked, customer_seat.revoked). */
  revoke(em: EntityManager, scope: SeatScope, seatId: string): Promise<CustomerSeatOutput> {
    return this.command(em, scope, seatId, { kind: 'revoke' });
  }

  /** A new invitation e-mailed (pending seats only); the previous token stops working. */
  resend(em: EntityManager, scope: SeatScope, seatId: string): Promise<CustomerSeatOutput> {
    return this.command(em, scope, seatId, { kind: 'resend' });
  }

  /** What the invitation is for, read only. */
  async claimInfo(em: EntityManager, token: string): Promise<SeatClaimInfo> {
    const seat = await this.invited(em, token);
    const source = await seatSource(this.deps, em, seat.organizationId, seatRefOf(seat));
    const organization = await this.deps.organizations.findOrganization(em, seat.organizationId);
    const product = await this.deps.products.get(em, seat.organizationId, source.productId!);
    return {
      product_name: product.name,
      product_id: product.id,
      organization_name: organization.name,
      organization_slug: organization.slug,
      customer_email: seat.email,
      can_claim: source.active,
    };
  }

  /** The invitation redeemed (the seat flow's `claim`), then a customer session for the seat's member. */
  async claim(em: EntityManager, token: string): Promise<CustomerSeatClaimResponse> {
    const seat = await this.invited(em, token);
    // Checked before the token is used: a purchase that ended, or a member or customer deleted, leaves it unused.
    if (!(await seatSource(this.deps, em, seat.organizationId, seatRefOf(seat))).active)
      throw new SeatNotAvailable('The purchase this seat belongs to is no longer active.');
    const member = await memberById(em, seat.organizationId, seat.memberId!);
    const customer = await customerById(em, seat.organizationId, seat.customerId);
    if (!member || !customer || customer.deletedAt) throw new SeatNotAvailable('This seat can no longer be claimed.');
    await this.send(seat, { kind: 'claim', tokenDigest: seat.invitationTokenDigest! });
    const fresh = this.deps.orm.em.fork();
    const claimed = await fresh.findOneOrFail(CustomerSeat, { id: seat.id });
    const { token: sessionToken } = await this.deps.customerSessions.open(fresh, customer, null, member.id);
    return { seat: (await seatOutputs(fresh, [claimed]))[0], customer_session_token: sessionToken };
  }

  /** The seats a member holds claimed, by purchase (the portal's claimed subscriptions). */
  async claimedSubscriptionIds(em: EntityManager, organizationId: string, memberId: string): Promise<string[]> {
    const seats = await em.find(
      CustomerSeat,
      {
        organizationId,
        memberId,
        status: 'claimed',
        subscriptionId: { $ne: null },
      },
      { orderBy: { claimedAt: 'asc', id: 'asc' } },
    ); // pages of a stable order
    return seats.map((seat) => seat.subscriptionId!);
  }

  /** A pending seat whose invitation this token is, still valid on the customer's clock (400 otherwise). */
  private async invited(em: EntityManager, token: string): Promise<CustomerSeat> {
    const seat = await em.findOne(CustomerSeat, { invitationTokenDigest: hashToken(token, this.deps.serverSecret) });
    const refused = () => new SeatInvitationExpired('This invitation token is invalid or has expired.');
    if (!seat || seat.status !== 'pending') throw refused();
    const now = await this.deps.testClocks.now(em, seat.testClockId);
    if (!invitationValid(seat.invitationTokenExpiresAt, now)) throw refused();
    return seat;
  }

  private async command(em: EntityManager, scope: SeatScope, seatId: string, command: SeatCommand) {
    const seat = await em.findOne(CustomerSeat, {
      id: seatId,
      organizationId: scope.organizationId,
      ...(scope.customerId && { customerId: scope.customerId }),
    });
    if (!seat) throw new ResourceNotFound('Seat not found.');
    await this.send(seat, command);
    const fresh = this.deps.orm.em.fork();
    return (await seatOutputs(fresh, [await fresh.findOneOrFail(CustomerSeat, { id: seat.id })]))[0];
  }

  private async send(seat: CustomerSeat, command: SeatCommand): Promise<void> {
    // A revoked seat's flow has ended: the row answers (its validator answers while it runs).
    if (seat.status === 'revoked') throw new SeatNotAvailable('This seat is revoked.');
    await this.deps.flows.update(seatWorkflowId(seat.id), seatCommandUpdate, [command], {
      errors: SEAT_ERRORS,
      notStarted: 'This seat is still being assigned; try again in a moment.',
    });
  }
}
