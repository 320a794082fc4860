import {
  givenPerSeat,
  NO_MEMBER,
  onlyMemberOf,
  sourceEntitles,
  type SourceHolder,
} from '../../src/domains/benefit/grant/benefit-grant.logic';

const BILLING = 'c0000000-0000-4000-8000-000000000001';
const OTHER = 'c0000000-0000-4000-8000-000000000002';
const MEMBER = 'a0000000-0000-4000-8000-000000000001';
const holder = (overrides: Partial<SourceHolder> = {}): SourceHolder => ({
  kind: 'subscription',
  active: true,
  customerId: BILLING,
  memberId: null,
  ...overrides,
});

test.each([
  ["a live subscription of the grant's customer", holder(), true],
  ['a paid order of the customer', holder({ kind: 'order' }), true],
  ['an ended subscription', holder({ active: false }), false],
  ["another customer's subscription (the grant is not theirs)", holder({ customerId: OTHER }), false],
  ['a claimed seat of a live purchase, with its member', holder({ kind: 'seat', memberId: MEMBER }), true],
  ['a revoked seat, or a seat whose purchase ended', holder({ kind: 'seat', memberId: MEMBER, active: false }), false],
  ['a seat without a member', holder({ kind: 'seat', memberId: null }), false],
  ['a seat of another billing customer', holder({ kind: 'seat', memberId: MEMBER, customerId: OTHER }), false],
])('source entitles: %s', (_name, given, expected) => {
  expect(sourceEntitles(given, BILLING)).toBe(expected);
});

test.each([
  ['license_keys', true],
  ['downloadables', true],
  ['feature_flag', true],
  ['custom', true],
  ['meter_credit', false],
])('given per seat: %s → %s', (type, expected) => {
  expect(givenPerSeat(type)).toBe(expected);
});

test.each([
  ["the customer's own session (no member)", {}, null],
  ['the owner', { role: 'owner', memberId: MEMBER }, null],
  ['a billing manager', { role: 'billing_manager', memberId: MEMBER }, null],
  ['a plain member: only their own', { role: 'member', memberId: MEMBER }, MEMBER],
  ['a plain member without a member id: nothing', { role: 'member', memberId: null }, NO_MEMBER],
])('a portal caller sees: %s', (_name, viewer, expected) => {
  expect(onlyMemberOf({ organizationId: OTHER, customerId: BILLING, ...viewer })).toBe(expected);
});
