// Offline license tokens: which keys get one, their claims and expiry, and the README's verifier on tokens made here
// (tampered, of another organization, expired, malformed); the README shows the verifier file as it is.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSync, sign } from 'node:crypto';
import {
  encodeClaims,
  licenseToken,
  oldestNeededRetirement,
  tokenClaims,
  tokenRefusal,
  type TokenKey,
} from '../../src/domains/benefit/license-key/license-token.logic';
import { verifyLicenseToken } from '../support/offline-verifier';

const NOW = new Date('2026-11-24T12:00:00.500Z');
const NOW_S = Math.floor(NOW.getTime() / 1000);
const DAY = 86_400;
const ORG = '0193f8a4-0000-7000-8000-000000000001';
const OTHER_ORG = '0193f8a4-0000-7000-8000-000000000002';

const key = (overrides: Partial<TokenKey> = {}): TokenKey => ({
  id: '0193f8a4-0000-7000-8000-0000000000aa',
  organizationId: ORG,
  benefitId: '0193f8a4-0000-7000-8000-0000000000bb',
  customerId: '0193f8a4-0000-7000-8000-0000000000cc',
  status: 'granted',
  limitActivations: 3,
  expiresAt: null,
  ...overrides,
});

test.each([
  ['granted, no expiry', 'granted', null, null],
  ['granted, expires later', 'granted', new Date(NOW.getTime() + 1), null],
  ['granted, expires now', 'granted', NOW, 'The license key has expired.'],
  ['granted, expired', 'granted', new Date(NOW.getTime() - 1000), 'The license key has expired.'],
  ['revoked', 'revoked', null, 'The license key is revoked; only a granted key gets a token.'],
  [
    'disabled',
    'disabled',
    new Date(NOW.getTime() + DAY * 1000),
    'The license key is disabled; only a granted key gets a token.',
  ],
])('token refusal: %s', (_name, status, expiresAt, refusal) => {
  expect(tokenRefusal({ status, expiresAt }, NOW)).toBe(refusal);
});

test.each([
  ['no key expiry: the lifetime cap', null, 30 * DAY, NOW_S + 30 * DAY],
  ['key expires after the cap', new Date(NOW.getTime() + 40 * DAY * 1000), 30 * DAY, NOW_S + 30 * DAY],
  [
    'key expires before the cap',
    new Date('2026-12-01T00:00:00.900Z'),
    30 * DAY,
    Date.parse('2026-12-01T00:00:00Z') / 1000,
  ],
  ['a short cap', null, 60, NOW_S + 60],
])('token expiry: %s', (_name, expiresAt, ttl, exp) => {
  expect(tokenClaims(key({ expiresAt }), 4, NOW, ttl)).toEqual({
    v: 1,
    kid: 4,
    org: ORG,
    benefit: key().benefitId,
    customer: key().customerId,
    license_key: key().id,
    iat: NOW_S,
    exp,
    limit_activations: 3,
  });
});

test('retired signing keys stay needed for one token lifetime', () => {
  expect(oldestNeededRetirement(NOW, 60)).toEqual(new Date(NOW.getTime() - 60_000));
});

const pair = () =>
  generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const ours = pair();
const theirs = pair();
const tokenOf = (privateKey: string, overrides: Partial<TokenKey> = {}, ttl = 30 * DAY) => {
  const encoded = encodeClaims(tokenClaims(key(overrides), 1, NOW, ttl));
  return licenseToken(encoded, sign(null, Buffer.from(encoded), privateKey));
};
const good = tokenOf(ours.privateKey);
const [goodClaims, goodSignature] = good.split('.');
const flipped = Buffer.from(Buffer.from(goodSignature, 'base64url').map((b, i) => (i === 0 ? b ^ 1 : b))).toString(
  'base64url',
);
const tamperedClaims = encodeClaims({ ...tokenClaims(key(), 1, NOW, 30 * DAY), limit_activations: 1000 });

test.each([
  ['a good token', good, [ours.publicKey], NOW.getTime(), true],
  ['a good token among several keys', good, [theirs.publicKey, ours.publicKey], NOW.getTime(), true],
  ['tampered claims', `${tamperedClaims}.${goodSignature}`, [ours.publicKey], NOW.getTime(), false],
  ['a flipped signature byte', `${goodClaims}.${flipped}`, [ours.publicKey], NOW.getTime(), false],
  ['signed by another key', tokenOf(theirs.privateKey), [ours.publicKey], NOW.getTime(), false],
  [
    "another organization's token with its own key",
    tokenOf(theirs.privateKey, { organizationId: OTHER_ORG }),
    [theirs.publicKey],
    NOW.getTime(),
    false,
  ],
  ['expired', good, [ours.publicKey], (NOW_S + 30 * DAY) * 1000, false],
  ['a second before expiry', good, [ours.publicKey], (NOW_S + 30 * DAY) * 1000 - 1000, true],
  ['no keys', good, [], NOW.getTime(), false],
  ['no signature', goodClaims, [ours.publicKey], NOW.getTime(), false],
  ['three parts', `${good}.x`, [ours.publicKey], NOW.getTime(), false],
  ['empty', '', [ours.publicKey], NOW.getTime(), false],
])('offline verifier: %s', (_name, token, keys, now, valid) => {
  const claims = verifyLicenseToken(token, ORG, keys, now);
  if (valid) expect(claims).toMatchObject({ org: ORG, license_key: key().id, limit_activations: 3 });
  else expect(claims).toBeNull();
});

test("the README's verifier is test/support/offline-verifier.ts as it is", () => {
  const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Offline license tokens'));
  const snippet = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  expect(snippet).toBe(readFileSync(join(__dirname, '../support/offline-verifier.ts'), 'utf8'));
});
