// A lifecycle command other than a change, as the workflow's Update step: cancel at period end, uncancel, revoke now,
// clear a scheduled change. Events: subscription.updated, and .canceled, .uncanceled or .revoked.
import { inTransaction } from '../../platform/database/transaction';
import { lockSubscription } from './billing-deps';
import type { CommandDeps } from './command-deps';
import { endLocked } from './end-subscription';
import { applyPlanned, planChange } from './planned-change';
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
    const plan = await planChange(deps, tx.em, s, command, now);
    s.lastCommandKey = key;
    if (command.kind === 'revoke') {
      await endLocked(deps, tx, s, now, {
        reason: command.reason as CancellationReason | null,
        comment: command.comment,
      });
      return;
    }
    applyPlanned(s, plan);
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
