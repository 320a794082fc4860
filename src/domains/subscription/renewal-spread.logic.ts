// When a renewal runs: within `spreadMs` after the period ends, at an offset fixed by the subscription's id, so that
// the subscriptions ending at one instant (the first of the month) do not all renew at once. The period itself, and
// so the order's period and amounts, does not move.

/** FNV-1a (32 bits) of the id, as a fraction in [0, 1): spread evenly, and the same on every run and replay. */
export function idFraction(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 0x1_0000_0000;
}

/** The instant the renewal of the period ending at `periodEnd` runs (whole milliseconds). */
export function renewalDueAt(periodEnd: string, subscriptionId: string, spreadMs: number | undefined): string {
  if (!spreadMs) return periodEnd;
  return new Date(Date.parse(periodEnd) + Math.floor(idFraction(subscriptionId) * spreadMs)).toISOString();
}
