// The one address policy of webhook URLs (only plain global unicast is public), the URLs a hostile client tried, and
// the policy applied to the addresses a host name resolves to.
import { RequestValidationError } from '../../src/kernel/errors';
import { isPublicAddress } from '../../src/domains/webhook/webhook-address.logic';
import { urlRefusal } from '../../src/domains/webhook/webhook-url.logic';
import { WebhookUrlGuard } from '../../src/domains/webhook/webhook-url-guard';

const production = { allowPrivate: false };
const operatorAllows = { allowPrivate: true };

test.each([
  // public: the only addresses webhooks are delivered to (unless the operator allows private ones)
  ['93.184.216.34', true],
  ['8.8.8.8', true],
  ['2606:2800:220:1:248:1893:25c8:1946', true],
  ['::ffff:93.184.216.34', true],
  ['64:ff9b::808:808', true],
  ['2002:808:808::1', true],
  // loopback, also when carried inside IPv6: this machine's own services
  ['127.0.0.1', false],
  ['127.5.6.7', false],
  ['::1', false],
  ['::ffff:127.0.0.1', false],
  ['::ffff:0:7f00:1', false],
  ['::7f00:1', false],
  ['2002:7f00:1::', false],
  // every other range
  ['10.1.2.3', false],
  ['172.16.0.1', false],
  ['172.31.255.254', false],
  ['192.168.1.10', false],
  ['100.64.0.1', false],
  ['100.127.255.254', false],
  ['169.254.169.254', false],
  ['0.0.0.0', false],
  ['0.1.2.3', false],
  ['198.18.0.1', false],
  ['192.0.2.1', false],
  ['240.0.0.1', false],
  ['224.0.0.1', false],
  ['239.255.255.250', false],
  ['255.255.255.255', false],
  ['::', false],
  ['fc00::1', false],
  ['fd12:3456::1', false],
  ['fe80::1', false],
  ['febf::1', false],
  ['fec0::1', false],
  ['ff02::1', false],
  ['100::1', false],
  ['2001:db8::1', false],
  ['::ffff:10.0.0.1', false],
  ['::ffff:a9fe:a9fe', false],
  ['64:ff9b::a9fe:a9fe', false],
  ['64:ff9b:1::a9fe:a9fe', false],
  ['64:ff9b:1::808:808', false],
  ['2002:a00:1::', false],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false], // Teredo whose client is 192.0.2.45
  ['not-an-address', false],
])('%s public: %p', (address, expected) => {
  expect(isPublicAddress(address)).toBe(expected);
});

const PRIVATE = /Private, loopback, link-local and other non-public/;

test.each([
  'https://localhost./',
  'https://localhost.localdomain/',
  'https://ip6-localhost/',
  'https://api.localhost/',
  'https://[::ffff:0:7f00:1]/',
  'https://[::127.0.0.1]/',
  'https://[2002:7f00:1::]/',
  'https://[64:ff9b:1::a9fe:a9fe]/',
  'https://[fec0::1]/',
  'https://198.18.0.1/',
  'https://224.0.0.1/',
  'https://255.255.255.255/',
  'https://0x7f.1/',
  'https://2130706433/',
  'https://10.0.0.1/',
  'https://[fd00::1]/',
  'https://[::]/',
])('production refuses %s', (url) => {
  expect(urlRefusal(url, production)).toMatch(PRIVATE);
});

test.each([
  ['https://93.184.216.34/hook', production, null],
  ['https://[2606:2800:220:1:248:1893:25c8:1946]/hook', production, null],
  ['https://hooks.example.com/hook', production, null],
  ['http://93.184.216.34/hook', production, /https/],
  ['http://localhost.:3000/hook', production, /https/],
  ['https://localhost.:3000/hook', production, PRIVATE],
  ['https://[::ffff:127.0.0.1]/hook', production, PRIVATE],
  ['https://10.0.0.1/hook', production, PRIVATE],
  ['http://localhost:3000/hook', operatorAllows, null],
  ['http://169.254.169.254/hook', operatorAllows, null],
])('%s (%o) → %p', (url, policy, refusal) => {
  const result = urlRefusal(url, policy);
  if (refusal === null) expect(result).toBeNull();
  else expect(result).toMatch(refusal);
});

describe('a host name is judged by every address it resolves to', () => {
  const resolvingTo = (addresses: string[] | Error) => {
    const resolve = jest.fn(async () => {
      if (addresses instanceof Error) throw addresses;
      return addresses;
    });
    return resolve;
  };
  const refusalOf = (guard: WebhookUrlGuard, url: string) =>
    guard.assertAllowed(url).then(
      () => null,
      (error: unknown) => error,
    );

  test.each([
    ['a private address', ['10.0.0.7']],
    ['a public and a private address', ['93.184.216.34', '192.168.0.4']],
    ['the metadata service through IPv4-mapped IPv6', ['::ffff:169.254.169.254']],
    ['loopback, in production', ['127.0.0.1']],
  ])('a name resolving to %s is a 422 on body.url', async (_name, addresses) => {
    const resolve = resolvingTo(addresses);
    const error = await refusalOf(new WebhookUrlGuard(production, resolve), 'https://hooks.attacker.test/x');
    expect(resolve).toHaveBeenCalledWith('hooks.attacker.test');
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).detail).toEqual([
      {
        loc: ['body', 'url'],
        msg: expect.stringMatching(/non-public addresses cannot receive webhooks \(hooks\.attacker\.test resolves to /),
        type: 'url_refused',
      },
    ]);
  });

  test('a name resolving only to public addresses is accepted', async () => {
    const guard = new WebhookUrlGuard(production, resolvingTo(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']));
    expect(await refusalOf(guard, 'https://hooks.example.com/x')).toBeNull();
  });

  test('a name that does not resolve is accepted: every delivery checks the address it connects to', async () => {
    const guard = new WebhookUrlGuard(production, resolvingTo(new Error('getaddrinfo ENOTFOUND')));
    expect(await refusalOf(guard, 'https://not-yet-published.example.com/x')).toBeNull();
    expect(guard.refusesAddress('10.0.0.7')).toBe(true);
  });

  test('a name resolving to loopback is refused in both environments (a sandbox tenant must not reach this machine)', async () => {
    expect(
      await refusalOf(new WebhookUrlGuard(production, resolvingTo(['127.0.0.1', '::1'])), 'https://dev.test/x'),
    ).toBeInstanceOf(RequestValidationError);
  });

  test('when the operator allows private addresses nothing is resolved or refused', async () => {
    const resolve = resolvingTo(['10.0.0.7']);
    const guard = new WebhookUrlGuard(operatorAllows, resolve);
    expect(await refusalOf(guard, 'http://intranet.test/x')).toBeNull();
    expect(resolve).not.toHaveBeenCalled();
    expect(guard.refusesAddress('10.0.0.7')).toBe(false);
  });

  test('literal addresses are judged without resolving anything', async () => {
    const resolve = resolvingTo(['93.184.216.34']);
    expect(await refusalOf(new WebhookUrlGuard(production, resolve), 'https://[fec0::1]/x')).toBeInstanceOf(
      RequestValidationError,
    );
    expect(resolve).not.toHaveBeenCalled();
  });
});
