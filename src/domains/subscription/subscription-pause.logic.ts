// Pause and resume rules that need no database: the credit a pause now owes, and when a resume may be set for.
import { proratedAmount } from '../../kernel/money';

/**
 * What a pause at `at` inside the paid period [start, end) credits: the unused time of the period's recurring amount
 * (after discount), rounded half-up, as a negative amount (0 at the period's end: a pause at period end owes nothing).
 */
export function pauseCredit(amount: number, period: { start: Date; end: Date }, at: Date): number {
  const unused = period.end.getTime() - at.getTime();
  const whole = period.end.getTime() - period.start.getTime();
  return amount <= 0 || unused <= 0 ? 0 : 0 - proratedAmount(amount, unused, whole);
}

/**
 * Whether a resume at `at` may start a new period: only after the last billed period began (a test clock's frozen time
 * can make a pause now and a resume now the same instant as that start, which would be the same period again).
 */
export function resumesAfterPeriodStart(periodStart: Date, at: Date): boolean {
  return at.getTime() > periodStart.getTime();
}

/** Why `resumesAt` cannot be the resume date of a pause that takes effect at `pausesAt`, or null when it can. */
export function resumeDateRefusal(resumesAt: string | null, pausesAt: Date): string | null {
  if (resumesAt === null) return null;
  return Date.parse(resumesAt) > pausesAt.getTime()
    ? null
    : `resumes_at must be after ${pausesAt.toISOString()}, when the pause takes effect.`;
}
