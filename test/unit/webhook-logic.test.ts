import { isPublicAddress } from '../../src/domains/webhook/webhook-address.logic';
import { resourceKey } from '../../src/domains/webhook/webhook.logic';
import { urlRefusal } from '../../src/domains/webhook/webhook-url.logic';
import { generateSecret, maskSecret, signedHeaders } from '../../src/adapters/http/standard-webhooks';
import { openSecret, sealSecret } from '../../src/platform/crypto/sealed-secret';
import { Webhook } from 'standardwebhooks';

const production = { allowPrivate: false };
const allowed = { allowPrivate: true };

test.each([
  ['https://hooks.example.com/bursar', production, null],
  ['http://hooks.example.com/bursar', production, /https/],
  ['https://localhost/hook', production, /Private, loopback/],
  ['https://127.0.0.1/hook', production, /Private, loopback/],
  ['https://10.1.2.3/hook', production, /Private, loopback/],
  ['https://172.20.0.1/hook', production, /Private, loopback/],
  ['https://192.168.1.10/hook', production, /Private, loopback/],
  ['https://169.254.169.254/latest/meta-data', production, /Private, loopback/],
  ['https://[::1]/hook', production, /Private, loopback/],
  ['https://[fd00::1]/hook', production, /Private, loopback/],
  ['https://[::ffff:169.254.169.254]/latest', production, /Private, loopback/],
  ['https://user:pass@hooks.example.com/', production, /credentials/],
  ['http://localhost:3000/hook', production, /https/],
  ['https://localhost:3000/hook', production, /Private, loopback/],
  ['http://10.0.0.5/hook', allowed, null],
  ['http://127.0.0.1:9000/hook', allowed, null],
])('%s (%o) → %p', (url, policy, refusal) => {
  const result = urlRefusal(url, policy);
  if (refusal === null) expect(result).toBeNull();
  else expect(result).toMatch(refusal);
});

test.each([
  ['8.8.8.8', false],
  ['100.64.0.1', true],
  ['172.15.0.1', false],
  ['172.32.0.1', false],
  ['::ffff:10.0.0.1', true],
  ['::ffff:a9fe:a9fe', true],
  ['::ffff:7f00:1', true],
  ['::ffff:808:808', false],
  ['64:ff9b::a9fe:a9fe', true],
  ['2001:db8::1', true],
  ['fe80::1', true],
  ['0.0.0.0', true],
])('%s private: %p', (address, expected) => {
  expect(isPublicAddress(address)).toBe(!expected);
});

test('resource keys group the events of one resource', () => {
  expect(resourceKey('product.created', { id: 'p1' })).toBe('product:p1');
  expect(resourceKey('product.updated', { id: 'p1' })).toBe(resourceKey('product.created', { id: 'p1' }));
  expect(resourceKey('benefit_grant.revoked', { id: 'g1' })).toBe('benefit_grant:g1');
});

test('secrets are sealed at rest and open only with the server secret', () => {
  const secret = generateSecret();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const sealed = sealSecret(secret, 'server-secret-a', 'webhook-secrets');
  expect(sealed).not.toContain(secret.slice(6));
  expect(openSecret(sealed, 'server-secret-a', 'webhook-secrets')).toBe(secret);
  expect(() => openSecret(sealed, 'server-secret-b', 'webhook-secrets')).toThrow();
  expect(maskSecret(secret)).toBe(`whsec_********${secret.slice(-4)}`);
});

test('both signatures verify with standardwebhooks: the standard key and the raw UTF-8 key', () => {
  const secret = generateSecret();
  const body = JSON.stringify({ type: 'product.created', timestamp: new Date().toISOString(), data: { id: 'x' } });
  const headers = signedHeaders(secret, 'event-1', new Date(), body);
  expect(headers['webhook-id']).toBe('event-1');
  expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  expect(new Webhook(Buffer.from(secret).toString('base64')).verify(body, headers)).toEqual(JSON.parse(body));
  expect(() => new Webhook(generateSecret()).verify(body, headers)).toThrow();
  expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
});
