// Whether a subscription's state lets a lifecycle command run: the workflow refuses an illegal one before it is
// recorded, with the reference's error.
import type { SubscriptionCommand } from '../../../workflows/definitions';
import type { SubscriptionStatus } from './subscription.entity';

/** What the workflow knows of its subscription, enough to refuse an illegal command before it is recorded. */
export interface LifecycleState {
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
}

/** The reference's error for an illegal command (the name is the problem type), or null when it is legal. */
export function commandRefusal(
  state: LifecycleState,
  command: SubscriptionCommand,
): { type: string; message: string } | null {
  const ended = state.status === 'canceled';
  switch (command.kind) {
    case 'cancel':
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
      return ended || state.cancelAtPeriodEnd
        ? { type: 'AlreadyCanceledSubscription', message: 'A canceled subscription cannot be changed.' }
        : null;
  }
}
