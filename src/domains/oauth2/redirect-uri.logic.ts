// Pure rule of which URIs a client may register to be sent back to: exact, https, or http to loopback (RFC 8252).
/** The hosts plain http may name: an app on the user's own machine listening on loopback (RFC 8252 §7.3, §8.3). */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Why `uri` (an absolute http(s) URI) cannot be a client's redirect URI, or null. Redirect URIs are matched exactly
 * (RFC 9700 §2.1), so the URI itself must be safe: no fragment (RFC 6749 §3.1.2), no userinfo to disguise its host,
 * no wildcard host, and https unless it names loopback.
 */
export function redirectUriFault(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URI';
  }
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(uri)?.[1] ?? '';
  if (uri.includes('#')) return 'must not contain a fragment (RFC 6749 section 3.1.2)';
  if (authority.includes('@') || url.username || url.password)
    return 'must not contain user information (user:password@)';
  if (authority.includes('*') || url.hostname.includes('*'))
    return 'must name one host, not a wildcard (RFC 9700: exact redirect URIs)';
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return 'must use https; plain http only to a loopback host: 127.0.0.1, [::1] or localhost (RFC 8252 section 7.3)';
  }
  return null;
}
