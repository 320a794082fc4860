// Pure rules of webhooks: which URLs may receive them, what an event is about, how responses are recorded.
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const isIPv4 = (host: string) => IPV4.test(host);
const isIPv6 = (host: string) => host.includes(':');

/** A resource's events reach an endpoint in order; this key names the resource. */
export function resourceKey(type: string, data: { id?: unknown }): string {
  return `${type.split('.')[0]}:${String(data.id ?? '')}`;
}

/** Addresses a webhook must never reach unless the operator allows it: loopback, private, link-local, unspecified. */
export function isPrivateAddress(address: string): boolean {
  const v4 = isIPv4(address) ? address : embeddedIPv4(address);
  if (v4) {
    const [a, b] = v4.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  const v6 = address.toLowerCase();
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6);
}

/** The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d` or `::ffff:a9fe:a9fe`) or NAT64 (`64:ff9b::…`) address. */
function embeddedIPv4(address: string): string | undefined {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return undefined;
  if (match[1]) return match[1];
  const high = parseInt(match[2], 16);
  const low = parseInt(match[3], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

const LOCAL_NAMES = /^(localhost|.*\.localhost)$/i;

export interface UrlPolicy {
  environment: 'production' | 'sandbox';
  allowPrivate: boolean;
}

/**
 * Why a URL may not receive webhooks, or null when it may. Production wants https; the sandbox also takes http to
 * localhost for development. Private, loopback and link-local addresses are refused unless the operator allows them.
 */
export function urlRefusal(raw: string, policy: UrlPolicy): string | null {
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const isLocalName = LOCAL_NAMES.test(host);
  const isLiteral = isIPv4(host) || isIPv6(host);
  const isLoopback = isLocalName || (isLiteral && /^(127\.|::1$|::ffff:127\.)/i.test(host));
  const sandboxLocal = policy.environment === 'sandbox' && isLoopback;
  if (url.username || url.password) return 'URLs with credentials are not allowed';
  if (url.protocol !== 'https:' && !policy.allowPrivate && !sandboxLocal) {
    return policy.environment === 'sandbox' ? 'Use https (http is allowed only to localhost in the sandbox)' : 'Webhook URLs must use https';
  }
  if (!policy.allowPrivate && !sandboxLocal && (isLocalName || (isLiteral && isPrivateAddress(host)))) {
    return 'Private, loopback and link-local addresses cannot receive webhooks';
  }
  return null;
}
