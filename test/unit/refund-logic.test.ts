import {
  processorRefundAmount,
  refundableAmounts,
  refundTaxAmount,
  statusAfterRefund,
  type RefundableOrder,
} from '../../src/domains/order/refund/refund.logic';

const order = (netAmount: number, taxAmount: number, refundedAmount = 0, refundedTaxAmount = 0): RefundableOrder => ({
  netAmount,
  taxAmount,
  refundedAmount,
  refundedTaxAmount,
});

/** Refunds `amounts` one after the other (each succeeding before the next): each one's tax, then the order's status. */
function refundInTurn(start: RefundableOrder, amounts: number[]) {
  const current = { ...start };
  const taxes = amounts.map((amount) => {
    const tax = refundTaxAmount(current, refundableAmounts(current), amount);
    current.refundedAmount += amount;
    current.refundedTaxAmount += tax;
    return tax;
  });
  return { taxes, refunded: [current.refundedAmount, current.refundedTaxAmount], status: statusAfterRefund(current) };
}

test.each([
  // name, order (net, tax), refunds in turn, tax of each, refunded (amount, tax), status
  [
    'one partial (19 %, tax exclusive: total 11900)',
    order(10_000, 1_900),
    [2_500],
    [475],
    [2_500, 475],
    'partially_refunded',
  ],
  [
    'several partials, the last takes the rest of the tax',
    order(10_000, 1_900),
    [2_500, 2_500, 5_000],
    [475, 475, 950],
    [10_000, 1_900],
    'refunded',
  ],
  ['full at once', order(10_000, 1_900), [10_000], [1_900], [10_000, 1_900], 'refunded'],
  [
    'tax-inclusive 11900 (net 10000, tax 1900 carved out): same split',
    order(10_000, 1_900),
    [3_333, 6_667],
    [633, 1_267],
    [10_000, 1_900],
    'refunded',
  ],
  [
    'tax-inclusive 1000 in DE (net 840, tax 160): 420 is 80, 100 is 19.05 → 19',
    order(840, 160),
    [420, 100],
    [80, 19],
    [520, 99],
    'partially_refunded',
  ],
  ['reverse charge: no tax, none refunded', order(10_000, 0), [4_000, 6_000], [0, 0], [10_000, 0], 'refunded'],
  [
    'rounding 999/190 in thirds: 63.33 → 63, 63, then the 64 left',
    order(999, 190),
    [333, 333, 333],
    [63, 63, 64],
    [999, 190],
    'refunded',
  ],
  ['half-up: 100 of 200 with tax 1 is 0.5 → 1', order(200, 1), [100], [1], [100, 1], 'partially_refunded'],
  [
    'capped at the tax left: 4/2, then 1 of the 2 left with no tax left',
    order(4, 2, 2, 2),
    [1],
    [0],
    [3, 2],
    'partially_refunded',
  ],
])('%s', (_name, start, amounts, taxes, refunded, status) => {
  expect(refundInTurn(start, amounts)).toEqual({ taxes, refunded, status });
});

test.each([
  ['nothing refunded yet', order(10_000, 1_900), undefined, { amount: 10_000, taxAmount: 1_900 }],
  ['after succeeded refunds', order(10_000, 1_900, 2_500, 475), undefined, { amount: 7_500, taxAmount: 1_425 }],
  [
    'pending refunds count too',
    order(10_000, 1_900, 2_500, 475),
    { amount: 4_000, taxAmount: 760 },
    { amount: 3_500, taxAmount: 665 },
  ],
  ['fully refunded', order(10_000, 1_900, 10_000, 1_900), undefined, { amount: 0, taxAmount: 0 }],
  [
    'never below zero',
    order(10_000, 1_900, 9_000, 1_710),
    { amount: 2_000, taxAmount: 380 },
    { amount: 0, taxAmount: 0 },
  ],
])('refundable: %s', (_name, start, pending, expected) => {
  expect(refundableAmounts(start, pending)).toEqual(expected);
});

test('a refund that takes all that is left, pending refunds aside, gets all the tax left', () => {
  const start = order(10_000, 1_900, 2_500, 475);
  const left = refundableAmounts(start, { amount: 4_000, taxAmount: 760 });
  expect(refundTaxAmount(start, left, 3_500)).toBe(665);
  expect(refundTaxAmount(start, left, 3_499)).toBe(665); // 664.81 → 665, within the 665 left
  expect(refundTaxAmount(start, left, 1_000)).toBe(190);
});

test.each([
  [{ amount: 2_500, taxAmount: 475 }, 2_975],
  [{ amount: 10_000, taxAmount: 1_900 }, 11_900],
  [{ amount: 4_000, taxAmount: 0 }, 4_000],
])('the processor refunds the amount and its tax: %o → %i', (refund, expected) => {
  expect(processorRefundAmount(refund)).toBe(expected);
});

test.each([
  [10_000, 9_999, 'partially_refunded'],
  [10_000, 10_000, 'refunded'],
  [0, 0, 'refunded'],
])('net %i, refunded %i → %s', (netAmount, refundedAmount, status) => {
  expect(statusAfterRefund({ netAmount, refundedAmount })).toBe(status);
});
