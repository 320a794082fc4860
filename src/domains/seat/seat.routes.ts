// HTTP surface of seats for the organization (1.x `customer_seats`): list a purchase's seats, assign, revoke, resend;
// and the public claim of an invitation (its info, with no side effects, and the claim itself).
import {
  CustomerSeat,
  CustomerSeatClaimResponse,
  InvitationTokenParams,
  SeatAssign,
  SeatClaim,
  SeatClaimInfo,
  SeatIdParams,
  SeatsList,
  SeatsListQuery,
} from '../../contracts/customer-seat';
import { definePublicRoute, defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { SeatService } from './seat.service';

const READ = ['customer_seats:read', 'customer_seats:write'] as const;
const WRITE = ['customer_seats:write'] as const;

export function seatRoutes({ seats }: { seats: SeatService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/customer-seats',
      summary: 'List the seats of a subscription or order',
      scopes: READ,
      query: SeatsListQuery,
      status: 200,
      response: SeatsList,
      readOnly: true,
      async handler({ auth, tx, query }) {
        return seats.list(tx.em, { organizationId: auth.organizationId }, query);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/customer-seats',
      summary: 'Assign a seat',
      scopes: WRITE,
      body: SeatAssign,
      status: 200,
      response: CustomerSeat,
      idempotent: true,
      // writes the seat (+ member from an e-mail) and customer_seat.assigned (claimed at once: its grants and
      // customer_seat.claimed); starts `seat:<id>`, which e-mails the invitation
      async handler({ auth, tx, body }) {
        return seats.assign(tx, { organizationId: auth.organizationId }, body);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/customer-seats/:seat_id',
      summary: 'Revoke a seat',
      scopes: WRITE,
      params: SeatIdParams,
      status: 200,
      response: CustomerSeat,
      // the `revoke` Update of `seat:<id>`: revoked, its grants revoked, customer_seat.revoked
      outsideTransaction: true,
      async handler({ auth, tx, params }) {
        return seats.revoke(tx.em, { organizationId: auth.organizationId }, params.seat_id);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/customer-seats/:seat_id/resend',
      summary: 'Resend a seat invitation',
      scopes: WRITE,
      params: SeatIdParams,
      status: 200,
      response: CustomerSeat,
      // the `resend` Update of `seat:<id>`: a new token (the old one stops working), e-mailed
      outsideTransaction: true,
      async handler({ auth, tx, params }) {
        return seats.resend(tx.em, { organizationId: auth.organizationId }, params.seat_id);
      },
    }),
    definePublicRoute({
      method: 'get',
      path: '/v1/customer-seats/claim/:invitation_token',
      summary: 'Get what a seat invitation is for',
      params: InvitationTokenParams,
      status: 200,
      response: SeatClaimInfo,
      readOnly: true,
      async handler({ tx, params }) {
        return seats.claimInfo(tx.em, params.invitation_token);
      },
    }),
    definePublicRoute({
      method: 'post',
      path: '/v1/customer-seats/claim',
      summary: 'Claim a seat with its invitation token',
      body: SeatClaim,
      status: 200,
      response: CustomerSeatClaimResponse,
      // the `claim` Update of `seat:<id>`: claimed, its grants synced, customer_seat.claimed; then a session for the
      // seat's member
      outsideTransaction: true,
      async handler({ tx, body }) {
        return seats.claim(tx.em, body.invitation_token);
      },
    }),
  ];
}
