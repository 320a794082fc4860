// Seats' pure rules: places left, the moves a seat may take, the invitation's validity, and a seat-count decrease.
import {
  availableSeats,
  invitationExpiry,
  invitationValid,
  seatMoveRefusal,
  type SeatMove,
} from '../../src/domains/seat/seat.logic';
import { seatDecreaseRefusal } from '../../src/domains/subscription/plan-change.logic';
import type { SeatStatus } from '../../src/contracts/customer-seat';

test.each<[number, SeatStatus[], number]>([
  [10, [], 10],
  [10, ['pending', 'claimed', 'revoked'], 8],
  [2, ['pending', 'claimed'], 0],
  [2, ['pending', 'claimed', 'claimed'], 0], // a count lowered by other means never shows below zero
  [3, ['revoked', 'revoked', 'revoked'], 3],
])('%i bought with %j assigned leaves %i', (total, statuses, left) => {
  expect(availableSeats(total, statuses)).toBe(left);
});

test.each<[SeatStatus, SeatMove, string | null]>([
  ['pending', 'claim', null],
  ['pending', 'resend', null],
  ['pending', 'revoke', null],
  ['claimed', 'claim', 'This seat is claimed already.'],
  ['claimed', 'resend', 'Only a pending seat has an invitation to resend.'],
  ['claimed', 'revoke', null],
  ['revoked', 'claim', 'This seat is revoked.'],
  ['revoked', 'resend', 'This seat is revoked.'],
  ['revoked', 'revoke', 'This seat is revoked.'],
])('a %s seat asked to %s: %p', (status, move, refusal) => {
  expect(seatMoveRefusal(status, move)).toBe(refusal);
});

test('an invitation is valid for 7 days from its issue, on the clock given', () => {
  const issued = new Date('2026-02-01T00:00:00Z');
  const expiry = invitationExpiry(issued);
  expect(expiry.toISOString()).toBe('2026-02-08T00:00:00.000Z');
  expect(invitationValid(expiry, new Date('2026-02-07T23:59:59Z'))).toBe(true);
  expect(invitationValid(expiry, expiry)).toBe(false);
  expect(invitationValid(null, issued)).toBe(false);
});

test.each<[number, number, string | null]>([
  [5, 4, null],
  [4, 4, null],
  [3, 4, '4 seats are assigned (pending or claimed): revoke 1 before lowering the count to 3.'],
  [1, 3, '3 seats are assigned (pending or claimed): revoke 2 before lowering the count to 1.'],
  [0, 1, '1 seat is assigned (pending or claimed): revoke 1 before lowering the count to 0.'],
])('lowering the count to %i with %i assigned: %p', (seats, assigned, refusal) => {
  expect(seatDecreaseRefusal(seats, assigned)).toBe(refusal);
});
