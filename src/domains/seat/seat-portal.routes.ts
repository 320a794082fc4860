// The customer portal's seats (1.x `customer_portal.seats`): an owner or billing manager of the buying customer lists,
// assigns, revokes and re-invites the seats of the customer's own purchases. Plain members are refused (403).
import {
  CustomerSeat,
  CustomerSeatAssign,
  SeatIdParams,
  SeatsList,
  SeatsListQuery,
} from '../../contracts/customer-seat';
import { NotPermitted } from '../../kernel/errors';
import { defineCustomerRoute, type AuthenticatedCustomer, type RouteDefinition } from '../../platform/http/route';
import type { SeatService, SeatScope } from './seat.service';

/** The caller's purchases (plain members never get here: these routes keep the default `members: 'billing'`). */
const managed = ({ organizationId, customerId }: AuthenticatedCustomer): SeatScope => ({ organizationId, customerId });

export function seatPortalRoutes({ seats }: { seats: SeatService }): RouteDefinition[] {
  return [
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/seats',
      summary: "List the seats of one of the customer's purchases",
      query: SeatsListQuery,
      status: 200,
      response: SeatsList,
      readOnly: true,
      async handler({ customer, tx, query }) {
        return seats.list(tx.em, managed(customer), query);
      },
    }),
    defineCustomerRoute({
      method: 'post',
      path: '/v1/customer-portal/seats',
      summary: "Assign a seat of one of the customer's purchases",
      body: CustomerSeatAssign,
      status: 200,
      response: CustomerSeat,
      // writes the seat (+ member) and customer_seat.assigned; starts `seat:<id>`, which e-mails the invitation
      async handler({ customer, tx, body }) {
        if (body.immediate_claim)
          throw new NotPermitted('immediate_claim is for the organization’s API only: the portal sends an invitation.');
        return seats.assign(tx, managed(customer), body);
      },
    }),
    defineCustomerRoute({
      method: 'delete',
      path: '/v1/customer-portal/seats/:seat_id',
      summary: 'Revoke a seat',
      params: SeatIdParams,
      status: 200,
      response: CustomerSeat,
      // the `revoke` Update of `seat:<id>`
      outsideTransaction: true,
      async handler({ customer, tx, params }) {
        return seats.revoke(tx.em, managed(customer), params.seat_id);
      },
    }),
    defineCustomerRoute({
      method: 'post',
      path: '/v1/customer-portal/seats/:seat_id/resend',
      summary: 'Resend a seat invitation',
      params: SeatIdParams,
      status: 200,
      response: CustomerSeat,
      // the `resend` Update of `seat:<id>`
      outsideTransaction: true,
      async handler({ customer, tx, params }) {
        return seats.resend(tx.em, managed(customer), params.seat_id);
      },
    }),
  ];
}
