// Orders' pure rules, as tables of hand-worked cases: document numbers, tax behaviour and breakdown, billing edits,
// and what the documents say.
import {
  customerCode,
  creditNoteNumber,
  invoiceNumber,
  receiptNumber,
} from '../../src/domains/order/document/document-numbers.logic';
import { creditNoteDocument } from '../../src/domains/order/document/credit-note-document';
import { invoiceChecksum } from '../../src/domains/order/document/invoice-checksum';
import { invoiceDocument } from '../../src/domains/order/document/invoice-document';
import type { Address } from '../../src/contracts/address';
import type { Order, OrderItem } from '../../src/domains/order/order.entity';
import { billingUpdateIssues } from '../../src/domains/order/billing-update.logic';
import { orderTaxLines } from '../../src/domains/order/order-tax-lines.logic';

const AT = new Date('2026-06-01T00:00:00Z');
const US_SELLER = { country: 'US' };

test.each([
  [0, 'AAAAAAAA'],
  [1, 'AAAAAAAB'],
  [25, 'AAAAAAAZ'],
  [26, 'AAAAAABA'],
  [27, 'AAAAAABB'],
  [26 * 26 * 26 - 1, 'AAAAAZZZ'],
  ['208827064575', 'ZZZZZZZZ'], // 26^8 − 1
])('customer code of %s is %s', (shortId, code) => {
  expect(customerCode(shortId)).toBe(code);
});

test.each([
  ['customer', 'ACME', '27', 1, 'ACME-AAAAAABB-0001'],
  ['customer', 'ACME', '27', 123, 'ACME-AAAAAABB-0123'],
  ['organization', 'ACME', '27', 7, 'ACME-0007'],
  ['organization', 'ACME', '27', 12345, 'ACME-12345'],
] as const)(
  '%s numbering with prefix %s, customer %s, value %i → %s',
  (numbering, prefix, shortId, value, expected) => {
    expect(invoiceNumber(numbering, prefix, shortId, value)).toBe(expected);
  },
);

test('receipt and credit-note numbers', () => {
  expect(receiptNumber('1', 2)).toBe('RCPT-AAAAAAAB-0002');
  expect(creditNoteNumber('ACME', 10)).toBe('CN-ACME-0010');
});

test.each([
  [
    'DE consumer, inclusive: 19 % carved out of 15.00',
    { address: { country: 'DE' }, taxId: null, isBusiness: false },
    { net: 1261, tax: 239, behavior: 'inclusive' },
    [{ jurisdiction: 'DE', kind: 'vat', rate: 190_000, taxableAmount: 1261, amount: 239, reason: 'standard_rated' }],
  ],
  [
    'DE business with a VAT ID from a US seller: reverse charge, no tax',
    { address: { country: 'DE' }, taxId: 'DE136695976', isBusiness: true },
    { net: 1500, tax: 0, behavior: 'inclusive' },
    [{ jurisdiction: 'DE', kind: 'vat', rate: 0, taxableAmount: 1500, amount: 0, reason: 'reverse_charge' }],
  ],
  [
    'a VAT ID without buying as a business: taxed',
    { address: { country: 'DE' }, taxId: 'DE136695976', isBusiness: false },
    { net: 1261, tax: 239, behavior: 'inclusive' },
    [{ jurisdiction: 'DE', kind: 'vat', rate: 190_000, taxableAmount: 1261, amount: 239, reason: 'standard_rated' }],
  ],
  [
    'US New York, exclusive: state and city lines',
    { address: { country: 'US', state: 'NY' }, taxId: null, isBusiness: false },
    { net: 1500, tax: 60, behavior: 'exclusive' },
    [
      {
        jurisdiction: 'US-NY',
        kind: 'sales_tax',
        rate: 40_000,
        taxableAmount: 1500,
        amount: 60,
        reason: 'standard_rated',
      },
    ],
  ],
  [
    'a net credit (a downgrade): the lines of its absolute value, negated',
    { address: { country: 'DE' }, taxId: null, isBusiness: false },
    { net: -1261, tax: -239, behavior: 'inclusive' },
    [{ jurisdiction: 'DE', kind: 'vat', rate: 190_000, taxableAmount: -1261, amount: -239, reason: 'standard_rated' }],
  ],
  [
    'no address: no lines',
    { address: null, taxId: null, isBusiness: false },
    { net: 1500, tax: 0, behavior: 'exclusive' },
    [],
  ],
  [
    'an amount today’s rates do not give: one line stating it',
    { address: { country: 'DE' }, taxId: null, isBusiness: false },
    { net: 1000, tax: 77, behavior: 'exclusive' },
    [{ jurisdiction: 'DE', kind: 'tax', rate: 77_000, taxableAmount: 1000, amount: 77, reason: 'standard_rated' }],
  ],
] as const)('tax lines: %s', (_name, buyer, amounts, lines) => {
  expect(orderTaxLines(US_SELLER, buyer, amounts, AT)).toEqual(lines);
});

const BERLIN: Address = {
  country: 'DE',
  line1: 'Unter den Linden 1',
  city: 'Berlin',
  postal_code: '10117',
  state: null,
};

test.each([
  ['no address in the body', BERLIN, undefined, []],
  ['first address', null, BERLIN, []],
  ['new street, same country', BERLIN, { ...BERLIN, line1: 'Friedrichstr. 2' }, []],
  ['another country', BERLIN, { ...BERLIN, country: 'FR' as const }, [['country', 'Country cannot be changed.']]],
  ['a state added', BERLIN, { ...BERLIN, state: 'BE' }, [['state', 'State cannot be changed.']]],
  ['removing the address', BERLIN, null, [['country', 'The billing address cannot be removed once set.']]],
  [
    'a US address without its state',
    null,
    { country: 'US' as const, line1: '1 Main St' },
    [['state', 'The state or province is required.']],
  ],
] as const)('billing edit: %s', (_name, current, next, issues) => {
  expect(billingUpdateIssues(current, next).map((issue) => [issue.loc[2], issue.msg])).toEqual(issues);
});

const order = (overrides: Partial<Order> = {}): Order =>
  ({
    id: 'order-1',
    status: 'paid',
    currency: 'eur',
    invoiceNumber: 'ACME-AAAAAABB-0001',
    receiptNumber: 'RCPT-AAAAAABB-0001',
    billingName: 'Ada Reader',
    billingAddress: BERLIN,
    taxId: null,
    subtotalAmount: 10_000,
    discountAmount: 1_000,
    netAmount: 9_000,
    taxAmount: 1_710,
    totalAmount: 10_710,
    refundedAmount: 0,
    refundedTaxAmount: 0,
    taxLines: [
      { jurisdiction: 'DE', kind: 'vat', rate: 190_000, taxableAmount: 9_000, amount: 1_710, reason: 'standard_rated' },
    ],
    paidAt: AT,
    ...overrides,
  }) as Order;
const item = (label: string, amount: number) => ({ label, amount }) as OrderItem;
const context = {
  seller: { name: 'Bursar', addressLines: ['1 Market St'], taxIds: ['EU372000041'] },
  merchantName: 'ACME',
  customerName: 'ada@example.com',
};

test('an invoice shows the lines with their periods, the discount and each tax line', () => {
  const document = invoiceDocument(order(), [item('Pro — From 1 Jun 2026 to 1 Jul 2026', 10_000)], context, AT);
  expect(document.lines).toEqual([{ label: 'Pro', period: 'From 1 Jun 2026 to 1 Jul 2026', amount: 10_000 }]);
  expect(document).toMatchObject({
    subtotal: 10_000,
    discount: { amount: 1_000 },
    net: 9_000,
    tax: 1_710,
    total: 10_710,
  });
  expect(document.taxLines).toEqual([
    { label: 'VAT (Germany)', rate: 190_000, taxableAmount: 9_000, amount: 1_710, reverseCharge: false },
  ]);
  expect(document.buyer.addressLines).toEqual(['Unter den Linden 1', '10117 Berlin', 'Germany']);
});

test.each([
  // refund net, refund tax → the credit note's tax lines (two jurisdictions share the order's tax 1 000 : 710)
  [9_000, 1_710, [-1_000, -710]],
  [3_000, 570, [-333, -237]],
  [1, 0, [0, 0]],
])('a credit note for %i net and %i tax splits the tax over the order’s lines: %o', (amount, taxAmount, lines) => {
  const twoLines = order({
    taxLines: [
      {
        jurisdiction: 'CA-QC',
        kind: 'gst',
        rate: 50_000,
        taxableAmount: 9_000,
        amount: 1_000,
        reason: 'standard_rated',
      },
      { jurisdiction: 'CA-QC', kind: 'qst', rate: 78_900, taxableAmount: 9_000, amount: 710, reason: 'standard_rated' },
    ],
  });
  const refund = {
    id: 'refund-1',
    creditNoteNumber: 'CN-ACME-0001',
    amount,
    taxAmount,
    reason: 'customer_request',
    modifiedAt: AT,
    createdAt: AT,
  };
  const document = creditNoteDocument(twoLines, refund, context, AT);
  expect(document.taxLines.map((line) => line.amount + 0)).toEqual(lines);
  expect(document).toMatchObject({
    net: -amount,
    tax: -taxAmount,
    total: -(amount + taxAmount),
    number: 'CN-ACME-0001',
  });
});

test('the invoice checksum changes with the billing details and the payment only', () => {
  const base = invoiceChecksum(order());
  expect(invoiceChecksum(order({ netAmount: 1 }))).toBe(base);
  expect(invoiceChecksum(order({ paidAt: null }))).not.toBe(base);
  expect(invoiceChecksum(order({ billingName: 'Someone Else' }))).not.toBe(base);
  expect(invoiceChecksum(order({ billingAddress: { ...BERLIN, line1: 'Elsewhere 3' } }))).not.toBe(base);
});
