// Pure rules of which webhook URLs may receive webhooks: https to a public address, unless the policy allows
// private ones.
import ipaddr from 'ipaddr.js';
import { isPublicAddress } from './webhook-address.logic';

/** Names that are loopback by convention (RFC 6761 and the usual /etc/hosts entries), with or without the root dot. */
const LOOPBACK_NAMES = /^(localhost|.+\.localhost|localhost\.localdomain|ip6-localhost|ip6-loopback)$/i;

export interface UrlPolicy {
  /**
   * The operator's `WEBHOOK_ALLOW_PRIVATE_URLS`, in the sandbox only: receivers on an internal network or this machine
   * (local development). Production's policy never allows them.
   */
  allowPrivate: boolean;
}

const NON_PUBLIC = 'Private, loopback, link-local and other non-public addresses cannot receive webhooks';

/** Why an address a webhook would be sent to is refused, or null when it may receive webhooks. */
export function addressRefusal(address: string, policy: UrlPolicy): string | null {
  return policy.allowPrivate || isPublicAddress(address) ? null : NON_PUBLIC;
}

/** The host of a URL as a name to resolve or an address literal (brackets and the root dot removed). */
export function urlHost(url: URL): { name: string; address: null } | { name: null; address: string } {
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  return ipaddr.isValid(host) ? { name: null, address: host } : { name: host, address: null };
}

/**
 * Why a URL may not receive webhooks, or null when it may as far as the URL alone tells (a name's addresses are
 * judged with `addressRefusal` once resolved): https to a public address, unless the operator allows private ones.
 * Loopback is private in both environments — a sandbox tenant must not reach this machine's own services.
 */
export function urlRefusal(raw: string, policy: UrlPolicy): string | null {
  const url = new URL(raw);
  if (url.username || url.password) return 'URLs with credentials are not allowed';
  if (policy.allowPrivate) return null;
  if (url.protocol !== 'https:')
    return 'Webhook URLs must use https (WEBHOOK_ALLOW_PRIVATE_URLS allows http to internal receivers in the sandbox)';
  const { name, address } = urlHost(url);
  if (address !== null) return addressRefusal(address, policy);
  return LOOPBACK_NAMES.test(name) ? NON_PUBLIC : null;
}
