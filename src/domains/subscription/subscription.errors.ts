// The subscription's business errors; its workflow reports them by name, and the API answers them as the reference does.
import { BursarError, Conflict } from '../../kernel/errors';
import { reportedError } from '../../platform/temporal/flow-client';

/** An off-session charge failed; nothing was changed. */
export class PaymentFailed extends BursarError {
  readonly code = 'PaymentFailed';
}

/** Cancel, change or revoke of a subscription that is already canceled or ending. */
export class AlreadyCanceledSubscription extends BursarError {
  readonly code = 'AlreadyCanceledSubscription';
}

/** A pause or resume the subscription's state does not allow (trialing, past due, already paused, not paused, …). */
export class PauseResumeNotAllowed extends BursarError {
  readonly code = 'PauseResumeNotAllowed';
}

/** A seat-count decrease below the seats assigned (pending or claimed): they must be revoked first. */
export class SeatsInUse extends BursarError {
  readonly code = 'SeatsInUse';
}

/** Everything the subscription workflow may report. */
export const SUBSCRIPTION_ERRORS = [PaymentFailed, AlreadyCanceledSubscription, PauseResumeNotAllowed, SeatsInUse];

/** The error for a refused command (`commandRefusal`); a refusal of an unknown kind is a conflict. */
export function refusalError(refusal: { type: string; message: string }): BursarError {
  return reportedError(refusal.type, refusal.message, null, SUBSCRIPTION_ERRORS) ?? new Conflict(refusal.message);
}
