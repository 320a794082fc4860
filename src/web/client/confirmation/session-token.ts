// The customer session the checkout page kept for this page: the confirm's `customer_session_token`, stored in
// sessionStorage under the checkout's client secret just before it redirected here. Absent when the buyer came another
// way (a bookmark, another tab) or the confirmation gave none (an existing customer's checkout).

export function storedSessionToken(clientSecret: string): string | null {
  try {
    return window.sessionStorage.getItem(`bursar:checkout-session:${clientSecret}`);
  } catch {
    return null; // storage disabled by the browser
  }
}
