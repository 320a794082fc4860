// The year of the metrics book (test/integration/metrics-book.test.ts): what each of one currency's 15 buyers does,
// and when on the shared test clock.
import type { Book, Buyer, Currency } from './metrics-book';

/** A fact's month edges: 23:30 UTC on a month's last day and 00:30 UTC on a month's first, per currency. */
export const EDGES: Record<Currency, [string, string]> = {
  usd: ['2025-01-31T23:30:00Z', '2025-03-01T00:30:00Z'],
  eur: ['2025-04-30T23:30:00Z', '2025-06-01T00:30:00Z'],
};

/** The year's commands for the 15 buyers of one currency, EUR a day after USD; each at its clock time. */
export function yearOf(book: Book, currency: Currency, shift: number): [string, () => Promise<void>][] {
  const b: Buyer[] = Array.from({ length: 15 }, () => ({ currency }));
  const at = (month: number, day: number, hour = 9) =>
    new Date(Date.UTC(2025, month - 1, day + shift, hour)).toISOString();
  return [
    [at(1, 2), () => book.subscribe(b[0], 'basic', true)], // half off until April: an expansion then
    [at(8, 10), () => book.buy(b[0]).then(() => undefined)],
    [at(1, 3), () => book.subscribe(b[1], 'pro')],
    [at(5, 12), () => book.patch(b[1], { product_id: book.products.basic, proration_behavior: 'prorate' })],
    [at(2, 4), () => book.subscribe(b[2], 'basic')],
    [at(4, 14), () => book.patch(b[2], { product_id: book.products.pro, proration_behavior: 'prorate' })],
    [at(1, 6), () => book.subscribe(b[3], 'annual')],
    [at(3, 3), () => book.refund(b[3], 0.3)],
    [at(2, 10), () => book.subscribe(b[4], 'trial')], // converts
    [at(3, 25), () => book.subscribe(b[5], 'trial')], // still trialing at the end of March
    [at(3, 28), () => book.patch(b[5], { cancel_at_period_end: true, customer_cancellation_reason: 'unused' })],
    [at(1, 8), () => book.subscribe(b[6], 'basic')],
    [at(6, 1), () => book.patch(b[6], { pause_at_period_end: true })],
    [at(8, 20), () => book.patch(b[6], { resume: true })],
    [at(3, 2), () => book.subscribe(b[7], 'pro')],
    [at(7, 5), () => book.patch(b[7], { pause_now: true, resumes_at: at(9, 15) })],
    [at(1, 9), () => book.subscribe(b[8], 'basic')],
    [at(4, 20), () => book.patch(b[8], { cancel_at_period_end: true, customer_cancellation_reason: 'too_expensive' })],
    [at(2, 11), () => book.subscribe(b[9], 'pro')],
    [
      at(6, 2),
      () => book.patch(b[9], { cancel_at_period_end: true, customer_cancellation_reason: 'missing_features' }),
    ],
    [at(6, 5), () => book.patch(b[9], { cancel_at_period_end: false })],
    [
      at(10, 3),
      () => book.patch(b[9], { cancel_at_period_end: true, customer_cancellation_reason: 'switched_service' }),
    ],
    [at(1, 12), () => book.subscribe(b[10], 'basic')],
    [at(4, 25), () => book.failCard(b[10], true)], // the May renewal fails…
    [at(5, 13), () => book.failCard(b[10], false)], // …and its first retry (+2 days) succeeds
    [at(2, 13), () => book.subscribe(b[11], 'basic')],
    [at(6, 20), () => book.failCard(b[11], true)], // the July renewal fails for good: revoked after +21 days
    [EDGES[currency][0], () => book.buy(b[12]).then(() => undefined)],
    [at(currency === 'usd' ? 2 : 5, 5), () => book.refund(b[12], 1)],
    [EDGES[currency][1], () => book.buy(b[12]).then(() => undefined)],
    [at(6, 1), () => book.subscribe(b[13], 'trial')],
    [at(9, 9), () => book.revoke(b[13])],
    [at(4, 3), () => book.subscribe(b[14], 'basic')],
    [at(4, 3, 10), () => book.abandonCheckout(currency)],
    [at(8, 20), () => book.failCard(b[14], true)], // the September renewal fails…
    [at(9, 4), () => book.payNowWithNewCard(b[14])], // …and the customer pays it with a new card
    [at(11, 10), () => book.refund(b[14], 0.5)],
  ];
}
