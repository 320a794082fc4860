// Whether a subscription's state lets a lifecycle command run: the workflow refuses an illegal one before it is
// recorded, with the reference's error.
import type { SubscriptionCommand } from '../../../workflows/definitions';
import type { SubscriptionStatus } from './subscription.entity';

/** What the workflow knows of its subscription, enough to refuse an illegal command before it is recorded. */
export interface LifecycleState {
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  /** Absent in schedules recorded before pauses existed. */
  pauseAtPeriodEnd?: boolean;
}

type Refusal = { type: string; message: string } | null;

const notAllowed = (message: string): Refusal => ({ type: 'PauseResumeNotAllowed', message });

/** The reference's error for an illegal command (the name is the problem type), or null when it is legal. */
export function commandRefusal(state: LifecycleState, command: SubscriptionCommand): Refusal {
  const ended = state.status === 'canceled';
  const paused = state.status === 'paused';
  switch (command.kind) {
    case 'cancel':
      if (!ended && !state.cancelAtPeriodEnd && (paused || state.pauseAtPeriodEnd))
        return notAllowed('A paused or pausing subscription is resumed, unpaused or revoked, not canceled.');
      return ended || state.cancelAtPeriodEnd
        ? {
            type: 'AlreadyCanceledSubscription',
            message: 'This subscription is already canceled or will end at the end of the period.',
          }
        : null;
    case 'uncancel':
      if (ended)
        return { type: 'ResourceUnavailable', message: 'This subscription has ended; it cannot be uncanceled.' };
      return state.cancelAtPeriodEnd
        ? null
        : { type: 'BadRequest', message: 'This subscription is not set to cancel.' };
    case 'revoke':
      return ended ? { type: 'AlreadyCanceledSubscription', message: 'This subscription is already canceled.' } : null;
    case 'change':
    case 'clear_pending_update':
      if (ended || state.cancelAtPeriodEnd)
        return { type: 'AlreadyCanceledSubscription', message: 'A canceled subscription cannot be changed.' };
      return paused ? notAllowed('A paused subscription cannot be changed; resume it first.') : null;
    default:
      return pauseRefusal(state, command);
  }
}

/** Pause and resume: only an active subscription pauses (not trialing, past due or set to cancel); only a paused one resumes. */
function pauseRefusal(
  state: LifecycleState,
  command: Extract<SubscriptionCommand, { kind: 'pause' | 'unpause' | 'resume' | 'schedule_resume' }>,
): Refusal {
  if (state.status === 'canceled')
    return { type: 'AlreadyCanceledSubscription', message: 'This subscription is already canceled.' };
  const paused = state.status === 'paused';
  switch (command.kind) {
    case 'pause':
      if (paused) return notAllowed('This subscription is already paused.');
      if (state.status === 'trialing')
        return notAllowed('A trialing subscription cannot be paused; cancel it instead.');
      if (state.status === 'past_due') return notAllowed('A past due subscription cannot be paused until it is paid.');
      if (state.cancelAtPeriodEnd) return notAllowed('This subscription is set to cancel; uncancel it first.');
      return state.pauseAtPeriodEnd && !command.now
        ? notAllowed('This subscription is already set to pause at the end of the period.')
        : null;
    case 'unpause':
      return state.pauseAtPeriodEnd ? null : { type: 'BadRequest', message: 'This subscription is not set to pause.' };
    case 'resume':
      return paused ? null : notAllowed('This subscription is not paused.');
    case 'schedule_resume':
      return paused || state.pauseAtPeriodEnd ? null : notAllowed('This subscription is neither paused nor pausing.');
  }
}
