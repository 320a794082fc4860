// The portal's customer session: the token of a `customer_portal_url` is kept for this tab in sessionStorage and taken
// out of the address bar at once; every portal request carries it, and a 401 (expired or revoked) ends it. Where the
// browser blocks storage, the session lasts as long as the page.
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
  return withStorage((storage) => storage.getItem(storageKey(slug))) ?? null;
}

export function keepSessionToken(slug: string, token: string): void {
  withStorage((storage) => storage.setItem(storageKey(slug), token));
}

export function forgetSessionToken(slug: string): void {
  withStorage((storage) => storage.removeItem(storageKey(slug)));
}

/** `use` of this tab's sessionStorage, or undefined when the browser blocks it (reading it throws then). */
function withStorage<T>(use: (storage: Storage) => T): T | undefined {
  try {
    return use(window.sessionStorage);
  } catch {
    return undefined;
  }
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
