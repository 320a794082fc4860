// Pure rule of which network addresses are public, so may receive webhooks (IPv4 carried inside IPv6 included).
import ipaddr from 'ipaddr.js';

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * The one address policy: only plain global unicast is public (ipaddr.js `range()` is `unicast`, and for IPv6 inside
 * 2000::/3). Addresses that carry IPv4 addresses (mapped, translated, compatible, 6to4, NAT64, Teredo) are public only
 * when every address they carry is, so `::ffff:0:7f00:1` or `2002:7f00:1::` are no way around it; one that carries
 * none (a local-use NAT64 prefix) and anything unparseable is not public.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return isPublicIPv4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  const carried = carriedIPv4(v6);
  if (carried) return carried.length > 0 && carried.every(isPublicIPv4);
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

const isPublicIPv4 = (v4: ipaddr.IPv4) => v4.range() === 'unicast';

const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);

/** The IPv4 addresses an IPv6 address embeds, or undefined when it embeds none. */
function carriedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const p = v6.parts;
  switch (v6.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d, IPv4-translated
      return [ipv4Of(p[6], p[7])];
    case 'rfc6052': // 64:ff9b::/96 carries the address in its last 32 bits; 64:ff9b:1::/48 is for local use only
      return v6.match(NAT64_WELL_KNOWN) ? [ipv4Of(p[6], p[7])] : [];
    case '6to4': // 2002:aabb:ccdd::/48
      return [ipv4Of(p[1], p[2])];
    case 'teredo': // 2001:0:<server>:<flags>:<port>:<client, inverted>
      return [ipv4Of(p[2], p[3]), ipv4Of(~p[6] & 0xffff, ~p[7] & 0xffff)];
    default: // ::a.b.c.d, the deprecated IPv4-compatible form (:: and ::1 have their own ranges)
      return v6.range() === 'unicast' && v6.match(IPV4_COMPATIBLE) ? [ipv4Of(p[6], p[7])] : undefined;
  }
}
