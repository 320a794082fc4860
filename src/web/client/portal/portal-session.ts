// The portal's customer session: the token of a `customer_portal_url` is kept for this tab in sessionStorage and taken
// out of the address bar at once; every portal request carries it, and a 401 (expired or revoked) ends it.
import { api, ApiError } from '../shared/api';

const TOKEN_PARAMETER = 'customer_session_token';
const storageKey = (slug: string) => `bursar:portal-session:${slug}`;

/** The token for this organization's portal: a fresh one from the URL (removed from it), else the one kept. */
export function takeSessionToken(slug: string): string | null {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get(TOKEN_PARAMETER);
  if (fromUrl) {
    url.searchParams.delete(TOKEN_PARAMETER);
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
    keepSessionToken(slug, fromUrl);
    return fromUrl;
  }
  return sessionStorage.getItem(storageKey(slug));
}

export function keepSessionToken(slug: string, token: string): void {
  sessionStorage.setItem(storageKey(slug), token);
}

export function forgetSessionToken(slug: string): void {
  sessionStorage.removeItem(storageKey(slug));
}

/** A request to `/v1/customer-portal{path}` as the signed-in customer. */
export type PortalCall = <T>(method: string, path: string, body?: unknown) => Promise<T>;

export function portalCaller(token: string, onExpired: () => void): PortalCall {
  return async <T>(method: string, path: string, body?: unknown) => {
    try {
      return await api<T>(method, `/v1/customer-portal${path}`, { token, body });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onExpired();
      throw error;
    }
  };
}
