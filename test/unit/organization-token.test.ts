import { ORGANIZATION_TOKEN_PREFIX, isScope, slugify } from '../../src/domains/organization/organization.logic';
import { generateToken, hasValidChecksum as checksumMatches, hashToken } from '../../src/platform/crypto/tokens';

const generateOrganizationToken = () => generateToken(ORGANIZATION_TOKEN_PREFIX);
const hasValidChecksum = (token: string) => checksumMatches(token, ORGANIZATION_TOKEN_PREFIX);

test('tokens carry the prefix, 43 base62 characters and a valid checksum, and never repeat', () => {
  const tokens = Array.from({ length: 200 }, generateOrganizationToken);
  for (const token of tokens) {
    expect(token).toMatch(/^bursar_oat_[0-9A-Za-z]{43}$/);
    expect(hasValidChecksum(token)).toBe(true);
  }
  expect(new Set(tokens).size).toBe(tokens.length);
});

test.each([
  ['another prefix', (t: string) => t.replace('bursar_oat_', 'polar_oat_')],
  ['one character changed', (t: string) => t.slice(0, 20) + (t[20] === 'a' ? 'b' : 'a') + t.slice(21)],
  ['truncated', (t: string) => t.slice(0, -1)],
  ['extended', (t: string) => `${t}x`],
])('a token with %s fails the checksum', (_name, mangle) => {
  expect(hasValidChecksum(mangle(generateOrganizationToken()))).toBe(false);
});

test('the stored digest is HMAC-SHA256 keyed by the server secret', () => {
  const token = generateOrganizationToken();
  expect(hashToken(token, 'secret-a')).toMatch(/^[0-9a-f]{64}$/);
  expect(hashToken(token, 'secret-a')).toBe(hashToken(token, 'secret-a'));
  expect(hashToken(token, 'secret-a')).not.toBe(hashToken(token, 'secret-b'));
});

test.each([
  ['meters:read', true],
  ['meters:write', true],
  ['organization_access_tokens:write', true],
  ['user:read', false], // no user accounts: no user scopes
  ['openid', false],
  ['meters:delete', false],
  ['', false],
])('isScope(%j) is %s', (scope, expected) => {
  expect(isScope(scope)).toBe(expected);
});

test.each([
  ['Acme Inc.', 'acme-inc'],
  ['  Ünïcode  Shop ', 'unicode-shop'],
  ['!!!', 'organization'],
])('slugify(%j) = %j', (name, slug) => {
  expect(slugify(name)).toBe(slug);
});
