// The customer session a confirmed checkout gives the buyer (the confirm's `customer_session_token`): the checkout
// page keeps it in this tab's sessionStorage under the checkout's client secret just before it leaves for the
// confirmation page, which reads it there. Storage the browser blocks keeps nothing, and nothing is read from it.

const storageKey = (clientSecret: string) => `bursar:checkout-session:${clientSecret}`;

export function rememberCheckoutSession(clientSecret: string, token: string): void {
  try {
    window.sessionStorage.setItem(storageKey(clientSecret), token);
  } catch {
    // storage blocked: the confirmation page shows the purchase without the session's details
  }
}

/** The kept session token, or null when the buyer came another way (a bookmark, another tab) or storage is blocked. */
export function checkoutSession(clientSecret: string): string | null {
  try {
    return window.sessionStorage.getItem(storageKey(clientSecret));
  } catch {
    return null;
  }
}
