// A product, seat or discount change, as the workflow's Update step, applying the change `planChange` works out (the
// preview's too). `next_period` schedules it for the renewal; `prorate` applies it now and bills the credit for unused
// time and the charge for the rest of the period with the next renewal; `invoice` charges that difference now
// (invoice-plan-change.ts). Trials are never prorated.
import { inTransaction } from '../../platform/database/transaction';
import { lockSubscription } from './billing-deps';
import type { Change } from './change-target';
import type { CommandDeps } from './command-deps';
import { invoicePlanChange } from './invoice-plan-change';
import { meteredCutOff } from './metered-cut-off';
import { applyPlanned, planChange, type PlannedPlanChange } from './planned-change';
import { usageLeftBehind } from './usage-left-behind';

/** Makes the change at `at` unless the step already did (`key` recorded with the change). */
export async function changeSubscription(
  deps: CommandDeps,
  subscriptionId: string,
  command: Change,
  at: Date,
  key: string,
): Promise<void> {
  const cycleKey = `${subscriptionId}:change:${key}`;
  const cutOff = await meteredCutOff(deps.billing, subscriptionId); // for the usage of metered prices a new product drops
  const invoice = await inTransaction(deps.orm, async (tx) => {
    const s = await lockSubscription(tx, subscriptionId);
    if (s.lastCommandKey === key) return null; // a retried step: the change was made
    const plan = (await planChange(deps, tx.em, s, command, at)) as PlannedPlanChange;
    if (plan.billing === 'now') return plan; // nothing changes before the charge
    s.lastCommandKey = key;
    // The metered usage a new product drops is billed with the next renewal, after the change's lines.
    const usage =
      plan.scheduled || s.status === 'trialing'
        ? []
        : await usageLeftBehind(deps.billing, tx, s, plan.target.productId, cutOff, at);
    applyPlanned(s, plan);
    s.pendingItems = [...s.pendingItems, ...usage];
    await tx.em.flush();
    await deps.subscriptions.announce(tx, s, ['subscription.updated']);
    return null;
  });
  if (!invoice) return;
  await invoicePlanChange(deps, subscriptionId, invoice, { key, cycleKey, cutOff, at });
}
