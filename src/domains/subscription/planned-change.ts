// A command worked out as data before anything is written: what it bills (its lines and tax), when the subscription
// takes it and how. Execution (the workflow's Update step) applies it; the preview returns it. Both call `planChange`
// on the subscription as it stands and `applyPlanned` on its row, so a preview is never a second implementation.
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../kernel/ids';
import type { Discount } from '../discount';
import { changeTarget, planOf, switchTo } from './change-target';
import { assertLegal, type CommandDeps } from './command-deps';
import { discountAfter, keepDiscount } from './discount-after-change';
import { markEnded } from './end-subscription';
import { applyPause, isPauseCommand, planPause } from './pause-subscription';
import type { PlanTarget } from './plan-change.logic';
import { prorationLines } from './prorate-plan-change';
import type { CancellationReason, PendingItem, Subscription } from './subscription.entity';
import type { SubscriptionCommand } from './subscription.logic';
import { subscriptionTax } from './subscription-tax';

/**
 * How the change is billed: `now` (an invoiced change with something to pay: charged before it is made), its lines
 * carried to the next renewal, or nothing billed.
 */
export type ChangeBilling = 'now' | 'next_renewal' | 'none';

interface PlannedBase {
  at: Date;
  /** When the subscription takes it: `at`, or the period's end (a change scheduled for the next period, a cancel). */
  effectiveAt: Date;
  billing: ChangeBilling;
  lines: PendingItem[];
  net: number;
  /** The tax on `net`, worked out at `at` (charged with it when billed now). */
  tax: number;
}

/** A product, seat or discount change: the plan and discount after it, now or scheduled for the renewal. */
export interface PlannedPlanChange extends PlannedBase {
  kind: 'change';
  command: Extract<SubscriptionCommand, { kind: 'change' }>;
  target: PlanTarget;
  discount: Discount | null;
  scheduled: boolean;
}

/** A lifecycle command: nothing billed, but for a pause now's credit carried to the resume order. */
export interface PlannedLifecycle extends PlannedBase {
  kind: Exclude<SubscriptionCommand['kind'], 'change'>;
  command: Exclude<SubscriptionCommand, { kind: 'change' }>;
}

export type PlannedChange = PlannedPlanChange | PlannedLifecycle;

/** What `command` does to `s` at `at` (the 403 or 422 it meets first), read as execution reads it. */
export async function planChange(
  deps: Pick<CommandDeps, 'products' | 'discounts' | 'billing' | 'assignedSeats'>,
  em: EntityManager,
  s: Subscription,
  command: SubscriptionCommand,
  at: Date,
): Promise<PlannedChange> {
  assertLegal(s, command);
  const nothing = { at, billing: 'none' as const, lines: [], net: 0, tax: 0 };
  /** Lines billed with their net and its tax at `at`. */
  const billed = (lines: PendingItem[]) => {
    const net = lines.reduce((sum, line) => sum + line.amount, 0);
    return { lines, net, tax: subscriptionTax(deps.billing.seller, s, net, at) };
  };
  if (isPauseCommand(command)) {
    const { effectiveAt, lines } = planPause(s, command, at);
    const billing = lines.length ? ('next_renewal' as const) : ('none' as const);
    return { at, kind: command.kind, command, effectiveAt, ...billed(lines), billing };
  }
  if (command.kind !== 'change') {
    const atPeriodEnd = command.kind === 'cancel';
    return { ...nothing, kind: command.kind, command, effectiveAt: atPeriodEnd ? s.currentPeriodEnd : at };
  }
  const target = await changeTarget(deps, em, s, command);
  const discount = await discountAfter(deps, em, s, command, target.productId, at);
  const changesPlan = target.priceId !== s.priceId || target.seats !== s.seats;
  const trialing = s.status === 'trialing'; // trials are never prorated
  const scheduled = changesPlan && !trialing && command.proration === 'next_period';
  const plan = { ...nothing, kind: 'change' as const, command, target, discount, scheduled, effectiveAt: at };
  if (scheduled) return { ...plan, effectiveAt: s.currentPeriodEnd };
  if (!changesPlan || trialing) return plan;
  const proration = billed(await prorationLines(deps, em, s, target, discount, at));
  const billing =
    command.proration === 'invoice' && proration.net > 0 ? 'now' : proration.lines.length ? 'next_renewal' : 'none';
  return { ...plan, ...proration, billing };
}

/**
 * How the subscription's row takes a planned change at its time (no reads, no writes: the caller saves it). A change
 * billed now is applied once its charge went through, its lines in that order rather than carried.
 */
export function applyPlanned(s: Subscription, plan: PlannedChange): void {
  const at = plan.at;
  if (plan.kind === 'change') {
    keepDiscount(s, plan.command, plan.discount);
    if (plan.scheduled)
      s.pendingUpdate = {
        id: newId(),
        ...planOf(plan.target),
        appliesAt: s.currentPeriodEnd.toISOString(),
        createdAt: at.toISOString(),
      };
    else switchTo(s, plan.target, plan.discount);
  }
  if (plan.billing === 'next_renewal') s.pendingItems = [...s.pendingItems, ...plan.lines];
  s.modifiedAt = at;
  if (plan.kind === 'change') return;
  const command = plan.command;
  switch (command.kind) {
    case 'revoke':
      markEnded(s, at, { reason: command.reason as CancellationReason | null, comment: command.comment });
      break;
    case 'cancel':
      Object.assign(s, {
        cancelAtPeriodEnd: true,
        canceledAt: at,
        endsAt: s.currentPeriodEnd,
        customerCancellationReason: command.reason,
        customerCancellationComment: command.comment,
      });
      break;
    case 'uncancel':
      Object.assign(s, {
        cancelAtPeriodEnd: false,
        canceledAt: null,
        endsAt: null,
        customerCancellationReason: null,
        customerCancellationComment: null,
      });
      break;
    case 'clear_pending_update':
      s.pendingUpdate = null;
      break;
    case 'pause':
    case 'unpause':
    case 'resume':
    case 'schedule_resume':
      applyPause(s, command, at);
      break;
    default: {
      const unplanned: never = command; // a new kind of command is applied here too
      throw new Error(`No plan for ${JSON.stringify(unplanned)}`);
    }
  }
  s.modifiedAt = at;
}
