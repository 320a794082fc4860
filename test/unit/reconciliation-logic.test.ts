// The reconciliation's laws judged from hand-computed tables: usage ingested, rated and invoiced; the credit ledger;
// charges against orders; refunds against credit notes; grants against entitlements; events against deliveries.
import {
  benefitLaw,
  chargeLaw,
  creditLaw,
  eventLaw,
  MAX_BREAKS,
  refundLaw,
  usageLaw,
  type CreditLedger,
  type UsagePeriod,
} from '../../src/domains/reconciliation/reconciliation.logic';
import { ReconciliationQuery } from '../../src/contracts/reconciliation';

const period = (fields: Partial<UsagePeriod>): UsagePeriod => ({
  orderId: 'o1',
  meterId: 'm1',
  customerId: 'c1',
  invoiced: 8,
  ingested: 8,
  ingestedHours: 8,
  rated: 8,
  ...fields,
});

test.each([
  ['all equal', [period({})], true, { periods: 1, ingested: 8, rated: 8, invoiced: 8 }, []],
  // 0.1 + 0.2 summed as a decimal meter's units: no float dust.
  [
    'decimal sums',
    [period({ invoiced: 0.3, ingested: 0.1 + 0.2, ingestedHours: 0.3, rated: 0.3 })],
    true,
    { periods: 1, ingested: 0.3, rated: 0.3, invoiced: 0.3 },
    [],
  ],
  [
    'an ingested event deleted after billing',
    [period({ ingested: 7, ingestedHours: 7 })],
    false,
    { periods: 1, ingested: 7, rated: 8, invoiced: 8 },
    [
      ['rated_differs_from_ingested', 7, 8],
      ['invoiced_differs_from_ingested', 7, 8],
    ],
  ],
  [
    'rollups rebuilding: rated stands for the events over the hours',
    [period({ rated: null, ingestedHours: 6 })],
    true,
    { periods: 1, ingested: 8, rated: 6, invoiced: 8 },
    [],
  ],
  [
    'a rollup lost',
    [period({}), period({ orderId: 'o2', rated: 0 })],
    false,
    { periods: 2, ingested: 16, rated: 8, invoiced: 16 },
    [['rated_differs_from_ingested', 8, 0]],
  ],
] as const)('usage: %s', (_, periods, ok, totals, breaks) => {
  const law = usageLaw([...periods]);
  expect(law.ok).toBe(ok);
  expect(law.totals).toEqual(totals);
  expect(law.breaking.map((b) => [b.reason, b.expected, b.actual])).toEqual(breaks);
});

const ledger = (fields: Partial<CreditLedger>): CreditLedger => ({
  customerMeterId: 'cm1',
  customerId: 'c1',
  meterId: 'm1',
  granted: 15,
  withdrawn: 0,
  resetOut: 10,
  consumed: 7,
  ledger: 5,
  balance: 5,
  duplicateResetIds: [],
  ...fields,
});

test.each([
  // 5 + 5 + 5 granted; resets took 5 (all consumed) then 5 (2 consumed, 3 expired); 5 left.
  ['three months of 5 credits', ledger({}), [], { granted: 15, withdrawn: 0, consumed: 7, expired: 3, remaining: 5 }],
  [
    'a revoked grant withdraws its credits',
    ledger({ granted: 10, withdrawn: 5, resetOut: 5, consumed: 5, ledger: 0, balance: 0 }),
    [],
    { granted: 10, withdrawn: 5, consumed: 5, expired: 0, remaining: 0 },
  ],
  [
    'a period reset twice: the credits consumed twice',
    ledger({ resetOut: 15, ledger: 0, duplicateResetIds: ['mc9'] }),
    ['ledger_differs_from_balance', 'period_reset_twice'],
    { granted: 15, withdrawn: 0, consumed: 7, expired: 8, remaining: 0 },
  ],
  [
    'billing consumed more credits than the resets took',
    ledger({ consumed: 12 }),
    ['consumed_more_than_credited'],
    { granted: 15, withdrawn: 0, consumed: 12, expired: -2, remaining: 5 },
  ],
] as const)('credits: %s', (_, row, reasons, totals) => {
  const law = creditLaw([row]);
  expect(law.totals).toEqual(totals);
  expect(law.breaking.map((b) => b.reason)).toEqual(reasons);
  expect(law.ok).toBe(reasons.length === 0);
  const t = law.totals as Record<string, number>;
  expect(t.granted).toBe(t.withdrawn + t.consumed + t.expired + t.remaining);
});

test('charges: paid orders and pending add up to the charges; a charge paying nothing and an unpaid order break', () => {
  const law = chargeLaw(
    [
      { currency: 'usd', kind: 'paid_order', amount: 3500, ids: [] },
      { currency: 'usd', kind: 'pending', amount: 1000, ids: [] },
      { currency: 'eur', kind: 'paid_order', amount: 2000, ids: [] },
      { currency: 'usd', kind: 'without_order', amount: 999, ids: ['p1'] },
      { currency: 'usd', kind: 'void_order', amount: 100, ids: ['p2'] },
    ],
    [{ orderId: 'o9', currency: 'usd', amount: 1200 }],
  );
  expect(law.totals).toEqual({
    charged: { usd: 5599, eur: 2000 },
    paid_orders: { usd: 3500, eur: 2000 },
    pending: { usd: 1000 },
    unmatched: { usd: 1099 },
  });
  expect(law.breaking).toEqual([
    { reason: 'charge_without_order', ids: { payment_id: 'p1' }, expected: null, actual: null },
    { reason: 'charge_void_order', ids: { payment_id: 'p2' }, expected: null, actual: null },
    { reason: 'paid_order_without_charge', ids: { order_id: 'o9' }, expected: 1200, actual: 0 },
  ]);
  expect(chargeLaw([{ currency: 'usd', kind: 'paid_order', amount: 1, ids: [] }], []).ok).toBe(true);
});

test('refunds: credit notes for every succeeded refund, and each order refunded by its refunds', () => {
  const green = refundLaw(
    [{ currency: 'usd', refunded: 595, creditNoted: 595, withoutCreditNote: [] }],
    [{ orderId: 'o1', refunds: 500, refundedAmount: 500 }],
  );
  expect(green).toMatchObject({ ok: true, totals: { refunded: { usd: 595 }, credit_notes: { usd: 595 } } });
  const red = refundLaw(
    [{ currency: 'usd', refunded: 595, creditNoted: 0, withoutCreditNote: ['r1'] }],
    [{ orderId: 'o1', refunds: 500, refundedAmount: 300 }],
  );
  expect(red.breaking.map((b) => [b.reason, b.ids, b.expected, b.actual])).toEqual([
    ['refund_without_credit_note', { refund_id: 'r1' }, null, null],
    ['order_refunded_amount_differs', { order_id: 'o1' }, 500, 300],
  ]);
});

test('benefits: entitled sources need a live grant, others a revoked one; a never-granted benefit needs nothing', () => {
  const e = (fields: Partial<Parameters<typeof benefitLaw>[0][number]>) => ({
    source: 'order' as const,
    sourceId: 'o1',
    benefitId: 'b1',
    entitled: true,
    grantId: 'g1',
    granted: true,
    revoked: false,
    ...fields,
  });
  const law = benefitLaw([
    e({}),
    e({ sourceId: 'o2', grantId: null, granted: false }),
    e({ sourceId: 'o3', granted: false }),
    e({ source: 'subscription', sourceId: 's1', entitled: false, revoked: true }),
    e({ source: 'subscription', sourceId: 's2', entitled: false }),
    e({ sourceId: 'o4', entitled: false, grantId: null, granted: false }),
  ]);
  expect(law.totals).toEqual({ to_grant: 3, granted: 1, to_revoke: 2, revoked: 1 });
  expect(law.breaking.map((b) => [b.reason, b.ids])).toEqual([
    ['benefit_grant_missing', { order_id: 'o2', benefit_id: 'b1' }],
    ['benefit_not_granted', { order_id: 'o3', benefit_id: 'b1', benefit_grant_id: 'g1' }],
    ['benefit_not_revoked', { subscription_id: 's2', benefit_id: 'b1', benefit_grant_id: 'g1' }],
  ]);
});

test('events: every missing delivery named; at most MAX_BREAKS listed, all counted', () => {
  const missing = Array.from({ length: MAX_BREAKS + 5 }, (_, i) => ({ eventId: `e${i}`, endpointId: 'w1' }));
  const law = eventLaw({ events: 200, expected: 300, delivered: 180, pending: 10, failed: 3, skipped: 2, missing });
  expect(law.ok).toBe(false);
  expect(law.breaking).toHaveLength(MAX_BREAKS);
  expect(law.breaking_count).toBe(MAX_BREAKS + 5);
  expect(law.breaking[0]).toEqual({
    reason: 'event_not_delivered',
    ids: { event_id: 'e0', endpoint_id: 'w1' },
    expected: null,
    actual: null,
  });
  expect(law.totals).toMatchObject({ expected_deliveries: 300, missing: MAX_BREAKS + 5 });
  expect(eventLaw({ events: 1, expected: 1, delivered: 1, pending: 0, failed: 0, skipped: 0, missing: [] }).ok).toBe(
    true,
  );
});

test.each([
  [{ from: ['2027-01-01'], to: ['2027-01-01'] }, null],
  [{ from: ['2027-01-01'], to: ['2027-12-31'] }, null], // 365 days
  [{ from: ['2028-01-01'], to: ['2028-12-31'] }, null], // 366 days
  [{ from: ['2027-01-01'], to: ['2028-01-01'] }, null], // 366 days
  [{ from: ['2027-01-01'], to: ['2028-01-02'] }, 'The range covers at most 366 days'],
  [{ from: ['2027-01-02'], to: ['2027-01-01'] }, 'to must not be before from'],
])('range %j', (query, message) => {
  const parsed = ReconciliationQuery.safeParse(query);
  if (message === null) expect(parsed.success).toBe(true);
  else expect(parsed.error?.issues.map((i) => [i.path, i.message])).toEqual([[['to'], message]]);
});

test('a day that is not in the calendar is refused on its own field only', () => {
  const parsed = ReconciliationQuery.safeParse({ from: ['2027-02-30'], to: ['2027-03-01'] });
  expect(parsed.error?.issues.map((i) => i.path)).toEqual([['from']]);
});
