// A lifecycle command other than a change, as the workflow's Update step: cancel at period end, uncancel, revoke now,
// clear a scheduled change, pause and resume (`pause-subscription.ts`). Events: subscription.updated, and .canceled,
// .uncanceled, .revoked, .paused or .resumed.
import { inTransaction } from '../../platform/database/transaction';
import { lockSubscription } from './billing-deps';
import { assertLegal, type CommandDeps } from './command-deps';
import { endLocked } from './end-subscription';
import { applyPauseCommand, isPauseCommand } from './pause-subscription';
import type { CancellationReason } from './subscription.entity';
import type { SubscriptionCommand } from './subscription.logic';

/** Applies the command at `now` unless the step already did (`key` recorded with the change). */
export async function applySubscriptionCommand(
  deps: CommandDeps,
  subscriptionId: string,
  command: Exclude<SubscriptionCommand, { kind: 'change' }>,
  now: Date,
  key: string,
): Promise<void> {
  await inTransaction(deps.orm, async (tx) => {
    const s = await lockSubscription(tx, subscriptionId);
    if (s.lastCommandKey === key) return;
    assertLegal(s, command);
    s.lastCommandKey = key;
    if (isPauseCommand(command)) {
      const events = applyPauseCommand(s, command, now);
      await tx.em.flush();
      await deps.subscriptions.announce(tx, s, events);
      return;
    }
    if (command.kind === 'revoke') {
      await endLocked(deps, tx, s, now, {
        reason: command.reason as CancellationReason | null,
        comment: command.comment,
      });
      return;
    }
    if (command.kind === 'cancel') {
      Object.assign(s, {
        cancelAtPeriodEnd: true,
        canceledAt: now,
        endsAt: s.currentPeriodEnd,
        customerCancellationReason: command.reason,
        customerCancellationComment: command.comment,
      });
    } else if (command.kind === 'uncancel') {
      Object.assign(s, {
        cancelAtPeriodEnd: false,
        canceledAt: null,
        endsAt: null,
        customerCancellationReason: null,
        customerCancellationComment: null,
      });
    } else {
      s.pendingUpdate = null;
    }
    s.modifiedAt = now;
    await tx.em.flush();
    const specific =
      command.kind === 'cancel'
        ? ['subscription.canceled' as const]
        : command.kind === 'uncancel'
          ? ['subscription.uncanceled' as const]
          : [];
    await deps.subscriptions.announce(tx, s, ['subscription.updated', ...specific]);
  });
}
