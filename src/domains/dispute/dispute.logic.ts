// The rules of a dispute: which statuses are closed or resolved, which may be accepted, Stripe's statuses as ours,
// how a disputed amount splits into its net and tax parts, and the evidence deadline. Pure: workflows import it.
import type { DisputeFlowStatus } from '../../../workflows/dispute-definitions';
import { proportionalAmount } from '../../kernel/money';

export const CLOSED_STATUSES: readonly DisputeFlowStatus[] = ['prevented', 'won', 'lost'];
export const RESOLVED_STATUSES: readonly DisputeFlowStatus[] = ['won', 'lost'];
/** What the merchant may still concede (Stripe closes only a dispute awaiting a response). */
export const ACCEPTABLE_STATUSES: readonly DisputeFlowStatus[] = ['needs_response', 'early_warning'];

export const isClosed = (status: DisputeFlowStatus): boolean => CLOSED_STATUSES.includes(status);
export const isResolved = (status: DisputeFlowStatus): boolean => RESOLVED_STATUSES.includes(status);

/** A sandbox dispute's evidence is due this long after it opened (in its customer's time: a test clock's). */
export const EVIDENCE_WINDOW_DAYS = 7;

export function evidenceDueBy(openedAt: Date): Date {
  return new Date(openedAt.getTime() + EVIDENCE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
}

/** Stripe's dispute status as the API's (`warning_*`: an inquiry before any chargeback). */
export function statusFromStripe(status: string): DisputeFlowStatus | null {
  switch (status) {
    case 'warning_needs_response':
    case 'warning_under_review':
      return 'early_warning';
    case 'warning_closed':
    case 'prevented':
      return 'prevented';
    case 'needs_response':
    case 'under_review':
    case 'won':
    case 'lost':
      return status;
    default:
      return null;
  }
}

/** What an order still holds, before tax and its tax (paid, less refunds and earlier lost disputes). */
export interface Held {
  amount: number;
  taxAmount: number;
}

/**
 * The disputed `gross` (tax included) split into its net and tax parts, in the order's own ratio: all that is held
 * when the dispute takes it all (or more), else the tax share rounded half-up and the rest net.
 */
export function disputedAmounts(held: Held, gross: number): Held {
  const total = held.amount + held.taxAmount;
  if (gross >= total) return { amount: held.amount, taxAmount: held.taxAmount };
  if (gross <= 0) return { amount: 0, taxAmount: 0 };
  const taxAmount = proportionalAmount(held.taxAmount, gross, total);
  return { amount: gross - taxAmount, taxAmount };
}

/** Conceded at once: a dispute in USD below the organization's threshold (USD cents; null: never). */
export function acceptedAutomatically(gross: number, currency: string, belowAmount: number | null): boolean {
  return belowAmount !== null && currency.toLowerCase() === 'usd' && gross < belowAmount;
}
