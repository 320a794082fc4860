// Subscription rules that need no database: which lifecycle commands are legal, dunning's schedule, and the lines
// and amounts of a renewal. Amounts come from kernel/money.
import { discountAmount, type DiscountRule } from '../../kernel/money';
import type { SubscriptionStatus } from './subscription.entity';

export type SubscriptionCommand =
  | { kind: 'cancel'; reason: string | null; comment: string | null }
  | { kind: 'uncancel' }
  | { kind: 'revoke'; reason: string | null; comment: string | null }
  | { kind: 'change'; productId?: string; seats?: number; discountId?: string | null; proration: 'invoice' | 'prorate' | 'next_period' }
  | { kind: 'clear_pending_update' };

/** What the workflow knows of its subscription, enough to refuse an illegal command before it is recorded. */
export interface LifecycleState {
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
}

/** The reference's error for an illegal command (the name is the problem type), or null when it is legal. */
export function commandRefusal(state: LifecycleState, command: SubscriptionCommand): { type: string; message: string } | null {
  const ended = state.status === 'canceled';
  switch (command.kind) {
    case 'cancel':
      return ended || state.cancelAtPeriodEnd ? { type: 'AlreadyCanceledSubscription', message: 'This subscription is already canceled or will end at the end of the period.' } : null;
    case 'uncancel':
      if (ended) return { type: 'ResourceUnavailable', message: 'This subscription has ended; it cannot be uncanceled.' };
      return state.cancelAtPeriodEnd ? null : { type: 'BadRequest', message: 'This subscription is not set to cancel.' };
    case 'revoke':
      return ended ? { type: 'AlreadyCanceledSubscription', message: 'This subscription is already canceled.' } : null;
    case 'change':
    case 'clear_pending_update':
      return ended || state.cancelAtPeriodEnd ? { type: 'AlreadyCanceledSubscription', message: 'A canceled subscription cannot be changed.' } : null;
  }
}

/** Default dunning: retries 2, 5, 7 and 7 days after the previous failure (the reference's schedule). */
export const DEFAULT_DUNNING_DAYS = [2, 5, 7, 7] as const;

/** Declines that will not go better on a later try: dunning skips to the end. */
const UNRECOVERABLE_DECLINES = new Set(['incorrect_number', 'authentication_required', 'expired_card', 'lost_card', 'stolen_card', 'fraudulent', 'do_not_honor']);

export function isUnrecoverableDecline(code: string): boolean {
  return UNRECOVERABLE_DECLINES.has(code);
}

/** When dunning tries again after `failures` failed attempts, or null when it gives up (the subscription is revoked). */
export function nextRetryAt(failedAt: Date, failures: number, intervalsDays: readonly number[], unrecoverable: boolean): Date | null {
  if (unrecoverable || failures > intervalsDays.length) return null;
  return new Date(failedAt.getTime() + intervalsDays[failures - 1] * 86_400_000);
}

export interface RenewalLine {
  label: string;
  amount: number;
  priceId: string | null;
  proration: boolean;
}

/**
 * A renewal's lines: the period's charge (the only discountable line) and any prorations carried from changes.
 * A credit larger than everything else is carried to the next renewal rather than paid out.
 */
export function renewalLines(input: {
  productName: string;
  priceId: string;
  priceAmount: number;
  period: { start: Date; end: Date };
  discount: DiscountRule | null;
  currency: string;
  carried: readonly { label: string; amount: number; priceId: string | null }[];
}): { lines: RenewalLine[]; discountAmount: number; carryForward: number } {
  const lines: RenewalLine[] = [
    { label: `${input.productName} — ${periodLabel(input.period.start, input.period.end)}`, amount: input.priceAmount, priceId: input.priceId, proration: false },
    ...input.carried.map((item) => ({ ...item, proration: true })),
  ];
  const discount = discountAmount(input.discount, input.priceAmount, input.currency);
  const net = lines.reduce((sum, line) => sum + line.amount, 0) - discount;
  if (net >= 0) return { lines, discountAmount: discount, carryForward: 0 };
  lines.push({ label: 'Credit carried to the next renewal', amount: -net, priceId: null, proration: true });
  return { lines, discountAmount: discount, carryForward: net };
}

export function periodLabel(start: Date, end: Date): string {
  return `From ${start.toISOString().slice(0, 10)} to ${end.toISOString().slice(0, 10)}`;
}
