// Leak reports without a server: the signature check over the raw body, which strings claim to be ours, how a body
// is read, the configured keys, and the owner's e-mail.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { loadConfig } from '../../src/platform/config';
import { BadRequest, RequestValidationError } from '../../src/kernel/errors';
import { leakedTokenEmail } from '../../src/domains/secret-scanning/leaked-token.email';
import { claimedKind, verdictFor } from '../../src/domains/secret-scanning/secret-scanning.logic';
import { signingKeyFor } from '../../src/domains/secret-scanning/report-signing.logic';
import { parseReport } from '../../src/domains/secret-scanning/secret-scanning.routes';
import { checkReportSignature } from '../../src/domains/secret-scanning/secret-scanning.signature';

const github = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const rotated = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const stranger = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const pem = (key: { publicKey: KeyObject }) => key.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const KEYS = [
  { key_identifier: 'old', key: pem(github) },
  { key_identifier: 'new', key: pem(rotated) },
];

const BODY =
  '[{"source":"commit","token":"bursar_oat_x","type":"bursar_organization_access_token","url":"https://example.com/repo/"}]';
const signed = (body: string, key = github.privateKey, dsaEncoding: 'der' | 'ieee-p1363' = 'der') =>
  sign('sha256', Buffer.from(body), { key, dsaEncoding }).toString('base64');

test.each([
  ['a signature by the named key', 'valid', KEYS, BODY, 'old', signed(BODY)],
  ['the second configured key (GitHub rotates them)', 'valid', KEYS, BODY, 'new', signed(BODY, rotated.privateKey)],
  ['no key configured', 'no_keys', [], BODY, 'old', signed(BODY)],
  ['no key id', 'unsigned', KEYS, BODY, '', signed(BODY)],
  ['no signature', 'unsigned', KEYS, BODY, 'old', ''],
  ['a key id that is not configured', 'unknown_key', KEYS, BODY, 'elsewhere', signed(BODY)],
  ['a configured key, but the other one signed', 'bad_signature', KEYS, BODY, 'new', signed(BODY)],
  ['a key nobody configured signed', 'bad_signature', KEYS, BODY, 'old', signed(BODY, stranger.privateKey)],
  [
    'the body re-serialized (spacing changed)',
    'bad_signature',
    KEYS,
    JSON.stringify(JSON.parse(BODY), null, 1),
    'old',
    signed(BODY),
  ],
  ['a trailing newline added', 'bad_signature', KEYS, `${BODY}\n`, 'old', signed(BODY)],
  [
    'a raw r‖s signature instead of DER',
    'bad_signature',
    KEYS,
    BODY,
    'old',
    signed(BODY, github.privateKey, 'ieee-p1363'),
  ],
  ['garbage that is not base64 DER', 'bad_signature', KEYS, BODY, 'old', '!!not-base64!!'],
  [
    'an empty body signed as such is still verified (then refused by its contract)',
    'valid',
    KEYS,
    '',
    'old',
    signed(''),
  ],
] as const)('%s → %s', (_name, expected, keys, body, keyId, signature) => {
  expect(checkReportSignature(keys, body, keyId, signature)).toBe(expected);
});

test('the signing key is looked up by its exact identifier', () => {
  expect(signingKeyFor(KEYS, 'new')?.key).toBe(KEYS[1].key);
  expect(signingKeyFor(KEYS, 'NEW')).toBeNull();
  expect(signingKeyFor([], 'old')).toBeNull();
});

test.each([
  ['bursar_oat_abc', 'organization_access_token'],
  ['bursar_cst_abc', 'customer_session_token'],
  ['whsec_abc', null],
  ['bursar_at_o_abc', 'oauth2_token'],
  ['bursar_rt_o_abc', 'oauth2_token'],
  ['bursar_cs_abc', null], // a client secret: not recognised (see the README)
  ['BURSAR_OAT_abc', null],
  [' bursar_oat_abc', null],
  ['ghp_abc', null],
] as const)('%s claims to be %s', (token, kind) => {
  expect(claimedKind(token)).toBe(kind);
});

test('a report is read as a list of matches; url and source may be missing', () => {
  expect(
    parseReport('[{"token":"t","type":"x","url":"https://github.com/a","source":"commit"},{"token":"u","type":"x"}]'),
  ).toEqual([
    { token: 't', type: 'x', url: 'https://github.com/a', source: 'commit' },
    { token: 'u', type: 'x' },
  ]);
});

test.each([
  ['malformed JSON', '[{', BadRequest],
  ['an object', '{"token":"t","type":"x"}', RequestValidationError],
  ['an empty list', '[]', RequestValidationError],
  ['a match without its type', '[{"token":"t"}]', RequestValidationError],
  ['a token of the wrong type', '[{"token":5,"type":"x"}]', RequestValidationError],
  ['a 3000-character url', JSON.stringify([{ token: 't', type: 'x', url: 'u'.repeat(3000) }]), RequestValidationError],
] as const)('%s is refused', (_name, raw, error) => {
  expect(() => parseReport(raw)).toThrow(error);
});

test("a contract failure names the match and field, as the HTTP layer's 422 does", () => {
  try {
    parseReport('[{"token":"t","type":"x"},{"token":"t"}]');
    throw new Error('accepted');
  } catch (error) {
    expect((error as RequestValidationError).detail).toEqual([expect.objectContaining({ loc: ['body', 1, 'type'] })]);
  }
});

test('the verdict echoes the match in GitHub feedback fields', () => {
  const match = { token: 'bursar_oat_x', type: 'bursar_organization_access_token', url: 'https://github.com/a' };
  expect(verdictFor(match, true)).toEqual({
    token_raw: 'bursar_oat_x',
    token_type: 'bursar_organization_access_token',
    label: 'true_positive',
  });
  expect(verdictFor(match, false)).toEqual({
    token_raw: 'bursar_oat_x',
    token_type: 'bursar_organization_access_token',
    label: 'false_positive',
  });
});

describe('SECRET_SCANNING_PUBLIC_KEYS', () => {
  test("unset: no keys; GitHub's own list (with is_current) is taken as is", () => {
    expect(loadConfig({}).SECRET_SCANNING_PUBLIC_KEYS).toEqual([]);
    const configured = loadConfig({
      SECRET_SCANNING_PUBLIC_KEYS: JSON.stringify([{ key_identifier: 'k1', key: pem(github), is_current: true }]),
    });
    expect(configured.SECRET_SCANNING_PUBLIC_KEYS).toEqual([{ key_identifier: 'k1', key: pem(github) }]);
    // GitHub's whole answer from its meta endpoint, pasted as is
    const answer = loadConfig({
      SECRET_SCANNING_PUBLIC_KEYS: JSON.stringify({
        public_keys: [{ key_identifier: 'k2', key: pem(github), is_current: true }],
      }),
    });
    expect(answer.SECRET_SCANNING_PUBLIC_KEYS).toEqual([{ key_identifier: 'k2', key: pem(github) }]);
  });

  const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString();
  const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString();
  test.each([
    ['not JSON', '{keys'],
    ['an object, not a list', JSON.stringify({ key_identifier: 'k', key: pem(github) })],
    ['a key that is not PEM', JSON.stringify([{ key_identifier: 'k', key: 'MFkwEwYH' }])],
    ['an RSA key', JSON.stringify([{ key_identifier: 'k', key: rsa }])],
    ['a P-384 key', JSON.stringify([{ key_identifier: 'k', key: p384 }])],
    ['a key without its identifier', JSON.stringify([{ key: pem(github) }])],
  ])('%s stops the start with a message naming the variable', (_name, value) => {
    expect(() => loadConfig({ SECRET_SCANNING_PUBLIC_KEYS: value })).toThrow(/SECRET_SCANNING_PUBLIC_KEYS/);
  });
});

test("the owner's e-mail names the token's type, which one, where it was found and that it is revoked; HTML is escaped", () => {
  const mail = leakedTokenEmail.render({
    organizationName: 'Acme <Labs>',
    tokenKind: 'organization access token',
    tokenDescription: '"deploy", id 42',
    url: 'https://github.com/acme/app/blob/main/.env?a=1&b=<2>',
    source: 'commit',
  });
  expect(mail.subject).toBe('Your organization access token was leaked and has been revoked');
  expect(mail.text).toContain('Acme <Labs>\'s organization access token ("deploy", id 42) was found in public');
  expect(mail.text).toContain('Found at: https://github.com/acme/app/blob/main/.env?a=1&b=<2>');
  expect(mail.text).toContain('revoked');
  expect(mail.html).toContain('Acme &lt;Labs&gt;');
  expect(mail.html).not.toContain('<2>');
  expect(
    leakedTokenEmail.render({
      organizationName: 'A',
      tokenKind: 'customer session token',
      tokenDescription: 'x',
      url: null,
      source: null,
    }).text,
  ).toContain('Found at: the program did not say');
});
