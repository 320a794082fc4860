// ID tokens' rules: the claims of a grant's ID token, the JWS around them, and the signing keys' lifetimes.
import {
  compactJws,
  idTokenClaims,
  isDueForRotation,
  publishedRetiredAfter,
  signingInput,
} from '../../src/domains/oauth2/id-token.logic';

const NOW = new Date('2026-12-01T10:00:00.900Z');
const DIGEST = Uint8Array.from({ length: 32 }, (_, i) => i);
const GRANT = {
  issuer: 'https://api.example.com',
  organizationId: 'org-1',
  clientId: 'bursar_ci_x',
  accessTokenDigest: DIGEST,
};
const BASE = {
  iss: 'https://api.example.com',
  sub: 'org-1',
  aud: 'bursar_ci_x',
  iat: 1796119200,
  exp: 1796119200 + 3600,
  at_hash: Buffer.from(DIGEST.subarray(0, 16)).toString('base64url'),
};

test.each([
  [
    'a code exchange with a nonce',
    { consentedAt: new Date('2026-12-01T09:59:58.500Z'), nonce: 'n-1' },
    { ...BASE, auth_time: 1796119198, nonce: 'n-1' },
  ],
  [
    'without a nonce',
    { consentedAt: new Date('2026-12-01T09:00:00Z'), nonce: null },
    { ...BASE, auth_time: 1796115600 },
  ],
  ['a grant older than ID tokens: no auth_time', { consentedAt: null, nonce: null }, BASE],
])('idTokenClaims: %s', (_name, grant, expected) => {
  expect(idTokenClaims({ ...GRANT, ...grant }, NOW)).toEqual(expected);
});

test('the compact JWS: the header names the key, the claims follow, then the signature', () => {
  const input = signingInput('kid-1', idTokenClaims({ ...GRANT, consentedAt: null, nonce: null }, NOW));
  const [header, claims] = input.split('.').map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
  expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'kid-1' });
  expect(claims).toEqual(BASE);
  expect(compactJws(input, Uint8Array.of(251, 255))).toBe(`${input}.-_8`);
});

test.each([
  [29, false],
  [30, true],
  [31, true],
])('a key %i days old is due for rotation: %s', (days, due) => {
  expect(isDueForRotation(new Date(NOW.getTime() - days * 86_400_000), NOW)).toBe(due);
});

test('a retired key is published for the ID token lifetime and five minutes more', () => {
  expect(publishedRetiredAfter(NOW)).toEqual(new Date(NOW.getTime() - 65 * 60_000));
});
