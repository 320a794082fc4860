// Whose budget a client address spends: IPv4 its own, IPv6 its /64 (a subscriber's network hands out addresses freely).
import { clientOf } from '../../src/app/http/rate-limit';

test.each([
  ['203.0.113.7', '203.0.113.7'],
  ['::ffff:203.0.113.7', '203.0.113.7'],
  ['2001:db8:85a3:0042:1000:8a2e:0370:7334', '2001:db8:85a3:42::/64'],
  ['2001:db8:85a3:42:ffff:ffff:ffff:ffff', '2001:db8:85a3:42::/64'],
  ['2001:DB8::1', '2001:db8:0:0::/64'],
  ['2001:db8::', '2001:db8:0:0::/64'],
  ['::1', '0:0:0:0::/64'],
  ['fe80::1:2:3:4', 'fe80:0:0:0::/64'],
])('%s counts as %s', (ip, client) => {
  expect(clientOf(ip)).toBe(client);
});
