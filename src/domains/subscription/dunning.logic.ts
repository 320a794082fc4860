// Dunning: when a failed renewal payment is tried again, and which declines make it give up at once.

/** Declines that will not go better on a later try: dunning skips to the end. */
const UNRECOVERABLE_DECLINES = new Set([
  'incorrect_number',
  'authentication_required',
  'expired_card',
  'lost_card',
  'stolen_card',
  'fraudulent',
  'do_not_honor',
]);

export function isUnrecoverableDecline(code: string): boolean {
  return UNRECOVERABLE_DECLINES.has(code);
}

/** When dunning tries again after `failures` failed attempts, or null when it gives up (the subscription is revoked). */
export function nextRetryAt(
  failedAt: Date,
  failures: number,
  intervalsDays: readonly number[],
  unrecoverable: boolean,
): Date | null {
  if (unrecoverable || failures > intervalsDays.length) return null;
  return new Date(failedAt.getTime() + intervalsDays[failures - 1] * 86_400_000);
}
