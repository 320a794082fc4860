// The dispute's amount rules, by hand-computed cases: how a disputed amount (tax included) splits into its net and
// tax parts from what the order still holds; when a dispute is accepted automatically; Stripe's statuses as ours.
import {
  acceptedAutomatically,
  disputedAmounts,
  evidenceDueBy,
  isClosed,
  isResolved,
  statusFromStripe,
} from '../../src/domains/dispute/dispute.logic';
import { refundableAmounts } from '../../src/domains/order/refund/refund.logic';

test.each([
  // held net, held tax, disputed gross → net, tax
  ['all that is held', 10_000, 1_900, 11_900, 10_000, 1_900],
  ['more than is held: capped at it', 10_000, 1_900, 20_000, 10_000, 1_900],
  ['half: 5950 × 1900 / 11900 = 950 tax', 10_000, 1_900, 5_950, 5_000, 950],
  ['a third: 3967 × 1900 / 11900 = 633.38 → 633', 10_000, 1_900, 3_967, 3_334, 633],
  ['half-up: 1 × 50 / 100 = 0.5 → 1', 50, 50, 1, 0, 1],
  ['no tax (reverse charge)', 10_000, 0, 4_000, 4_000, 0],
  ['after a partial refund: 5000 + 950 held', 5_000, 950, 5_950, 5_000, 950],
  ['nothing disputed', 10_000, 1_900, 0, 0, 0],
  ['nothing held', 0, 0, 500, 0, 0],
])('disputed amounts: %s', (_name, amount, taxAmount, gross, net, tax) => {
  expect(disputedAmounts({ amount, taxAmount }, gross)).toEqual({ amount: net, taxAmount: tax });
});

test.each([
  // net, tax, refunded net, refunded tax, disputed net, disputed tax → refundable net, tax
  [10_000, 1_900, 0, 0, 0, 0, 10_000, 1_900],
  [10_000, 1_900, 0, 0, 10_000, 1_900, 0, 0],
  [10_000, 1_900, 5_000, 950, 5_000, 950, 0, 0],
  [10_000, 1_900, 2_000, 380, 5_000, 950, 3_000, 570],
])('refundable after a lost dispute: %i/%i refunded %i/%i lost %i/%i', (net, tax, rn, rt, dn, dt, an, at) => {
  const order = {
    netAmount: net,
    taxAmount: tax,
    refundedAmount: rn,
    refundedTaxAmount: rt,
    disputedAmount: dn,
    disputedTaxAmount: dt,
  };
  expect(refundableAmounts(order)).toEqual({ amount: an, taxAmount: at });
});

test.each([
  [11_900, 'usd', 20_000, true],
  [20_000, 'usd', 20_000, false],
  [11_900, 'USD', 20_000, true],
  [11_900, 'eur', 20_000, false],
  [11_900, 'usd', null, false],
])('accepted automatically: %i %s below %p → %p', (gross, currency, below, expected) => {
  expect(acceptedAutomatically(gross, currency, below)).toBe(expected);
});

test.each([
  ['needs_response', 'needs_response'],
  ['under_review', 'under_review'],
  ['won', 'won'],
  ['lost', 'lost'],
  ['warning_needs_response', 'early_warning'],
  ['warning_under_review', 'early_warning'],
  ['warning_closed', 'prevented'],
  ['prevented', 'prevented'],
  ['charge_refunded', null],
])("Stripe's %s is %p", (stripe, ours) => {
  expect(statusFromStripe(stripe)).toBe(ours);
});

test('closed and resolved statuses; the evidence deadline is 7 days on', () => {
  expect(['prevented', 'won', 'lost'].every((s) => isClosed(s as never))).toBe(true);
  expect(['needs_response', 'under_review', 'early_warning'].some((s) => isClosed(s as never))).toBe(false);
  expect(isResolved('prevented')).toBe(false);
  expect(isResolved('won')).toBe(true);
  expect(evidenceDueBy(new Date('2026-03-01T10:00:00Z')).toISOString()).toBe('2026-03-08T10:00:00.000Z');
});
