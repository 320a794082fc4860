// License keys' pure rules: key strings, display keys, expiry, usability, conditions, usage and activation limits.
import {
  activationRefusal,
  conditionsMatch,
  displayKey,
  licenseKeyExpiry,
  licenseKeyString,
  remainingUsages,
  unusableBecause,
  type LicenseKeyProperties,
} from '../../src/domains/benefit/license-key/license-key.logic';

const UUID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

test.each([
  ['no prefix: the upper-cased UUID', null, '3F2504E0-4F89-41D3-9A0C-0305E82C3301'],
  ['an empty prefix is none', '', '3F2504E0-4F89-41D3-9A0C-0305E82C3301'],
  ['a prefix, upper-cased', 'acme', 'ACME-3F2504E0-4F89-41D3-9A0C-0305E82C3301'],
  ['dashes around the prefix are trimmed', '-acme-', 'ACME-3F2504E0-4F89-41D3-9A0C-0305E82C3301'],
  ['only dashes is no prefix', '---', '3F2504E0-4F89-41D3-9A0C-0305E82C3301'],
])('key string: %s', (_name, prefix, expected) => {
  expect(licenseKeyString(UUID, prefix)).toBe(expected);
});

test.each([
  ['3F2504E0-4F89-41D3-9A0C-0305E82C3301', '****-2C3301'],
  ['ACME-3F2504E0-4F89-41D3-9A0C-0305E82C3301', '****-2C3301'],
  ['ABC', '****-ABC'],
])('display key of %s is %s', (key, expected) => {
  expect(displayKey(key)).toBe(expected);
});

const properties = (expires: LicenseKeyProperties['expires']): LicenseKeyProperties => ({
  prefix: null,
  expires,
  activations: null,
  limit_usage: null,
});
const GRANTED = new Date('2026-01-31T10:00:00Z');

test.each([
  ['one-time, 1 year', properties({ ttl: 1, timeframe: 'year' }), true, '2027-01-31T10:00:00.000Z'],
  ['one-time, 30 days', properties({ ttl: 30, timeframe: 'day' }), true, '2026-03-02T10:00:00.000Z'],
  ['one-time, no expiry configured', properties(null), true, null],
  ['subscription keys never expire', properties({ ttl: 1, timeframe: 'month' }), false, null],
])('expiry: %s', (_name, props, oneTime, expected) => {
  expect(licenseKeyExpiry(props, GRANTED, oneTime)?.toISOString() ?? null).toBe(expected);
});

const NOW = new Date('2026-06-01T12:00:00Z');
test.each([
  ['granted, no expiry', 'granted', null, null],
  ['granted, expires later', 'granted', '2026-06-01T12:00:01Z', null],
  ['granted, expires exactly now', 'granted', '2026-06-01T12:00:00Z', 'expired'],
  ['granted, expired', 'granted', '2025-01-01T00:00:00Z', 'expired'],
  ['revoked', 'revoked', null, 'inactive'],
  ['disabled, even when expired', 'disabled', '2025-01-01T00:00:00Z', 'inactive'],
])('usable: %s', (_name, status, expiresAt, expected) => {
  expect(unusableBecause({ status, expiresAt: expiresAt ? new Date(expiresAt) : null }, NOW)).toBe(expected);
});

test.each([
  ['no required conditions accept anything', {}, { os: 'linux' }, true],
  ['no required conditions, none given', {}, {}, true],
  [
    'the same conditions, in another order',
    { os: 'linux', seats: 2, beta: true },
    { beta: true, seats: 2, os: 'linux' },
    true,
  ],
  ['a different value', { os: 'linux' }, { os: 'macos' }, false],
  ['a value of another type', { seats: 2 }, { seats: '2' }, false],
  ['one missing', { os: 'linux', seats: 2 }, { os: 'linux' }, false],
  ['one extra', { os: 'linux' }, { os: 'linux', seats: 2 }, false],
  ['none given', { os: 'linux' }, {}, false],
  ['an inherited key is not a given one', { toString: 'x' }, {}, false],
])('conditions: %s', (_name, required, given, expected) => {
  expect(conditionsMatch(required, given)).toBe(expected);
});

test.each([
  ['no limit: what the counter can still hold', 0, null, 2_147_483_647],
  ['no limit, near the top', 2_147_483_600, null, 47],
  ['under the limit', 3, 10, 7],
  ['at the limit', 10, 10, 0],
  ['over the limit (lowered by an update) is none left, not negative', 12, 10, 0],
])('remaining usages: %s', (_name, usage, limit, expected) => {
  expect(remainingUsages(usage, limit)).toBe(expected);
});

test.each([
  ['no activation limit: activations unsupported', null, 0, 'unsupported'],
  ['room for one more', 3, 2, null],
  ['the limit reached', 3, 3, 'limit_reached'],
  ['above the limit (lowered by an update)', 1, 2, 'limit_reached'],
])('activation: %s', (_name, limit, live, expected) => {
  expect(activationRefusal(limit, live)).toBe(expected);
});
