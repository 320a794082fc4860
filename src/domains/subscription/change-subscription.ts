// A product, seat or discount change, as the workflow's Update step. `next_period` schedules it for the renewal;
// `prorate` applies it now and bills the credit for unused time and the charge for the rest of the period with the
// next renewal; `invoice` charges that difference now (invoice-plan-change.ts). Trials are never prorated.
import { newId } from '../../kernel/ids';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import { lockSubscription } from './billing-deps';
import { changeTarget, planOf, switchTo, type Change } from './change-target';
import { assertLegal, type CommandDeps } from './command-deps';
import { discountAfter, keepDiscount } from './discount-after-change';
import { invoicePlanChange } from './invoice-plan-change';
import { meteredCutOff } from './metered-cut-off';
import { prorationLines } from './prorate-plan-change';
import type { PendingItem, Subscription } from './subscription.entity';
import { subscriptionTax } from './subscription-tax';
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
    assertLegal(s, command);
    const target = await changeTarget(deps, tx.em, s, command);
    const discount = await discountAfter(deps, tx.em, s, command, target.productId, at);
    const changesPlan = target.priceId !== s.priceId || target.seats !== s.seats;
    const lines =
      changesPlan && s.status !== 'trialing' && command.proration !== 'next_period'
        ? await prorationLines(deps, tx.em, s, target, discount, at)
        : [];
    const net = lines.reduce((sum, line) => sum + line.amount, 0);
    if (command.proration === 'invoice' && net > 0)
      return { lines, net, tax: subscriptionTax(deps.billing.seller, s, net, at), target, discount }; // nothing changes before the charge

    s.lastCommandKey = key;
    keepDiscount(s, command, discount);
    if (changesPlan && command.proration === 'next_period' && s.status !== 'trialing') {
      s.pendingUpdate = {
        id: newId(),
        ...planOf(target),
        appliesAt: s.currentPeriodEnd.toISOString(),
        createdAt: at.toISOString(),
      };
      return saved(deps, tx, s, at, []);
    }
    const usage =
      s.status === 'trialing' ? [] : await usageLeftBehind(deps.billing, tx, s, target.productId, cutOff, at);
    switchTo(s, target, discount);
    return saved(deps, tx, s, at, [...lines, ...usage]);
  });
  if (!invoice) return;
  await invoicePlanChange(deps, subscriptionId, command, invoice, { key, cycleKey, cutOff, at });
}

/** Saves a change billed later (or not at all): prorations join the next renewal. */
async function saved(deps: CommandDeps, tx: Tx, s: Subscription, at: Date, lines: PendingItem[]): Promise<null> {
  s.pendingItems = [...s.pendingItems, ...lines];
  s.modifiedAt = at;
  await tx.em.flush();
  await deps.subscriptions.announce(tx, s, ['subscription.updated']);
  return null;
}
