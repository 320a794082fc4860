// The subscription workflow's patches (`patched`): behaviour added after histories were recorded, which a replay of an
// older history does not take.

/** A renewal charge still processing waits for its settlement. */
export const AWAIT_SETTLEMENT = 'subscription-await-charge-settlement';
/** A subscription ending at period end bills that period's usage. */
export const BILL_FINAL_USAGE = 'subscription-bill-final-usage';
/** Renewal, charge and payment are one activity (two round trips fewer). */
export const RENEW_IN_ONE_STEP = 'subscription-renew-in-one-step';
/**
 * A run continuing as new answers the clock Update `settled` when the next run has nothing due by the clock's time, so
 * the clock need not send its Update again to the next run.
 */
export const SETTLE_ACROSS_RUNS = 'subscription-settle-across-runs';
/** A subscription pauses (at its period's end or now) and resumes (now or on a date), renewing from the resume. */
export const PAUSE_AND_RESUME = 'subscription-pause-and-resume';
/** A dunning attempt due while a command held the lock waits for the schedule that command left (a resume's declined charge). */
export const DUNNING_AFTER_COMMAND = 'subscription-dunning-after-command';
