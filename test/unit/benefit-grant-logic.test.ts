import {
  grantEvent,
  grantStep,
  shouldHold,
  type GrantFacts,
  type GrantStanding,
} from '../../src/domains/benefit/grant/benefit-grant.logic';
import { linkPayload, parseLinkToken } from '../../src/domains/benefit/downloadable/downloadable.logic';

const facts = (overrides: Partial<GrantFacts> = {}): GrantFacts => ({
  sourceActive: true,
  onProduct: true,
  benefitDeleted: false,
  customerDeleted: false,
  ...overrides,
});

test.each([
  ['a paid order or live subscription whose product grants the benefit', facts(), true],
  ['the source no longer entitles (ended, refunded with revoke_benefits)', facts({ sourceActive: false }), false],
  ['the benefit was removed from the product', facts({ onProduct: false }), false],
  ['the benefit was deleted', facts({ benefitDeleted: true }), false],
  ['the customer was deleted', facts({ customerDeleted: true }), false],
])('should hold: %s', (_name, given, expected) => {
  expect(shouldHold(given)).toBe(expected);
});

const none: GrantStanding = { exists: false, granted: false, cycleKey: null };
const granted = (cycleKey: string | null = null): GrantStanding => ({ exists: true, granted: true, cycleKey });
const revoked: GrantStanding = { exists: true, granted: false, cycleKey: 'order-1' };

test.each([
  // standing, hold, the source's period now, step, webhook (properties unchanged), webhook (properties changed)
  ['never granted, should hold', none, true, null, 'grant', 'created', 'created'],
  ['never granted, should not hold', none, false, null, 'none', null, null],
  ['granted, should not hold', granted(), false, null, 'revoke', 'revoked', 'revoked'],
  ['revoked, should hold again (a subscription recovering)', revoked, true, 'order-1', 'regrant', 'created', 'created'],
  ['revoked, still should not hold', revoked, false, 'order-1', 'none', null, null],
  ['granted, same period (a duplicate trigger)', granted('order-1'), true, 'order-1', 'refresh', null, 'updated'],
  ['granted, one-time order (no periods)', granted(), true, null, 'refresh', null, 'updated'],
  ['granted, a new paid period', granted('order-1'), true, 'order-2', 'cycle', 'cycled', 'cycled'],
] as const)('%s', (_name, standing, hold, period, step, unchanged, changed) => {
  expect(grantStep(standing, hold, period)).toBe(step);
  expect(grantEvent(step, false)).toBe(unchanged);
  expect(grantEvent(step, true)).toBe(changed);
});

test('download links carry their id and expiry, and anything else is not a link', () => {
  const claims = {
    downloadableId: '0b7c6a8e-3f1d-4c8e-9a5b-2d4e6f8a0b1c',
    expiresAt: new Date('2026-01-01T00:00:00Z'),
  };
  const payload = linkPayload(claims);
  expect(parseLinkToken(`${payload}.signature`)).toEqual({ payload, signature: 'signature', claims });
  for (const bad of [
    '',
    'a.b',
    `${payload}`,
    `${payload}.x.y`,
    'bm90LWEtdXVpZA.1767225600.sig',
    `${payload.split('.')[0]}.soon.sig`,
  ])
    expect(parseLinkToken(bad)).toBeNull();
});
