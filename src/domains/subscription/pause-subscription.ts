// Pausing and resuming: the commands (pause at the period's end or now, unpause, resume now, set the resume date) and
// the workflow's steps when a pause set for the period's end takes effect or a resume date comes. While paused there
// is no renewal and no dunning; benefits stay only where the organization keeps them. A pause now credits the unused
// time of the period on the resume order; resuming starts a new period on the resume date, charged in full
// (`subscription-pause.logic.ts`, README). Events: subscription.updated, and .paused or .resumed.
import type { WebhookEventType } from '../../contracts/webhook';
import { invalidField } from '../../kernel/errors';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import { lockSubscription, type BillingDeps } from './billing-deps';
import type { PendingItem, Subscription } from './subscription.entity';
import type { SubscriptionCommand, SubscriptionSchedule } from './subscription.logic';
import { PauseResumeNotAllowed } from './subscription.errors';
import { pauseCredit, resumeDateRefusal, resumesAfterPeriodStart } from './subscription-pause.logic';
import { scheduleOf } from './subscription-schedule';

export type PauseCommand = Extract<SubscriptionCommand, { kind: 'pause' | 'unpause' | 'resume' | 'schedule_resume' }>;

export const isPauseCommand = (command: SubscriptionCommand): command is PauseCommand =>
  ['pause', 'unpause', 'resume', 'schedule_resume'].includes(command.kind);

/**
 * What a pause command does from `at` (legal already; a resume date it cannot take is a 422): when it takes effect,
 * and the credit a pause now owes for the unused time of the period, carried to the resume order.
 */
export function planPause(
  s: Subscription,
  command: PauseCommand,
  at: Date,
): { effectiveAt: Date; lines: PendingItem[] } {
  const checkResumeDate = (resumesAt: string | null, pausesAt: Date) => {
    const refusal = resumeDateRefusal(resumesAt, pausesAt);
    if (refusal) throw invalidField(['body', 'resumes_at'], refusal);
  };
  switch (command.kind) {
    case 'pause': {
      const pausesAt = command.now ? at : s.currentPeriodEnd;
      checkResumeDate(command.resumesAt, pausesAt);
      const credit = command.now
        ? pauseCredit(s.amount, { start: s.currentPeriodStart, end: s.currentPeriodEnd }, at)
        : 0;
      const label = `Unused time before the pause on ${at.toISOString().slice(0, 10)}`;
      return { effectiveAt: pausesAt, lines: credit < 0 ? [{ label, amount: credit, priceId: null }] : [] };
    }
    case 'schedule_resume':
      checkResumeDate(command.resumesAt, s.status === 'paused' ? at : s.currentPeriodEnd);
      return { effectiveAt: at, lines: [] };
    case 'resume':
      if (!resumesAfterPeriodStart(s.currentPeriodStart, at))
        throw new PauseResumeNotAllowed('Paused at the start of its period: resume it once its clock has moved on.');
      return { effectiveAt: at, lines: [] };
    case 'unpause':
      return { effectiveAt: at, lines: [] };
  }
}

/** How the row takes a planned pause command at `at` (its credit lines are carried by the caller). */
export function applyPause(s: Subscription, command: PauseCommand, at: Date): void {
  s.modifiedAt = at;
  switch (command.kind) {
    case 'pause':
      Object.assign(s, { resumesAt: command.resumesAt ? new Date(command.resumesAt) : null });
      s.pauseKeepsBenefits = command.keepBenefits;
      if (!command.now) s.pauseAtPeriodEnd = true;
      else {
        s.currentPeriodEnd = at; // the period ends with the pause
        paused(s, at);
      }
      return;
    case 'unpause':
      Object.assign(s, { pauseAtPeriodEnd: false, resumesAt: null });
      return;
    case 'schedule_resume':
      s.resumesAt = command.resumesAt ? new Date(command.resumesAt) : null;
      return;
    case 'resume':
      resumed(s, at);
  }
}

/** The events of a pause command, after subscription.updated. */
export function pauseEvents(command: PauseCommand): WebhookEventType[] {
  if (command.kind === 'pause' && command.now) return ['subscription.paused'];
  return command.kind === 'resume' ? ['subscription.resumed'] : [];
}

/** Paused from `at` (the row; its events returned). */
export function paused(s: Subscription, at: Date): WebhookEventType[] {
  Object.assign(s, { status: 'paused', pausedAt: at, pauseAtPeriodEnd: false, modifiedAt: at });
  return ['subscription.updated', 'subscription.paused'];
}

/** Active again from `at`, its anchor day the resume date's; the renewal step that follows starts the new period. */
export function resumed(s: Subscription, at: Date): WebhookEventType[] {
  Object.assign(s, { status: 'active', anchorDay: at.getUTCDate(), pausedAt: null, resumesAt: null, modifiedAt: at });
  return ['subscription.updated', 'subscription.resumed'];
}

/** The workflow's step at the end of a period set to pause: paused from `periodEnd` (once: a retry finds it done). */
export function pauseAtPeriodEnd(deps: BillingDeps, subscriptionId: string, periodEnd: string) {
  return step(deps, subscriptionId, (s) =>
    s.pauseAtPeriodEnd && s.status === 'active' && s.currentPeriodEnd.toISOString() === periodEnd
      ? paused(s, new Date(periodEnd))
      : [],
  );
}

/** The workflow's step on a paused subscription's resume date (then it renews from there, as a resume now does). */
export function resumeOnDate(deps: BillingDeps, subscriptionId: string, at: string) {
  return step(deps, subscriptionId, (s) =>
    s.status === 'paused' && s.resumesAt?.toISOString() === at ? resumed(s, new Date(at)) : [],
  );
}

/** One transaction on the locked row: the change (its events; none: nothing to do), announced, and the schedule after. */
function step(
  deps: BillingDeps,
  subscriptionId: string,
  change: (s: Subscription) => WebhookEventType[],
): Promise<SubscriptionSchedule> {
  return inTransaction(deps.orm, async (tx: Tx) => {
    const s = await lockSubscription(tx, subscriptionId);
    const events = change(s);
    if (events.length) {
      await tx.em.flush();
      await deps.subscriptions.announce(tx, s, events);
    }
    return scheduleOf(deps, tx, s);
  });
}
