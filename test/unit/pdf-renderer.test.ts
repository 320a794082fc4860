// The PDF renderer: what a reader (here poppler's pdftotext) finds on invoices, receipts and credit notes.
import type { BillingDocument, DocumentTaxLine } from '../../src/adapters/pdf/billing-document';
import { renderBillingDocument } from '../../src/adapters/pdf/pdf-renderer';
import { pdfText } from '../support/pdf-text';

const vat20: DocumentTaxLine = {
  label: 'VAT (France)',
  rate: 200_000,
  taxableAmount: 9_000,
  amount: 1_800,
  reverseCharge: false,
};

const invoice: BillingDocument = {
  kind: 'invoice',
  number: 'ACME-AAAAAABC-0007',
  references: [{ label: 'Order', value: 'ord_01HZX' }],
  issuedAt: new Date('2026-01-15T10:00:00Z'),
  settledAt: new Date('2026-01-16T09:00:00Z'),
  currency: 'eur',
  seller: {
    name: 'Bursar Billing Ltd',
    addressLines: ['1 Market Street', 'Dublin D02 XY45', 'Ireland'],
    taxIds: ['VAT IE1234567X'],
  },
  merchant: { name: 'Acme Tools' },
  buyer: { name: 'Zoë Łukasiewicz', addressLines: ['12 rue de la Paix', '75002 Paris', 'France'], taxIds: [] },
  lines: [
    { label: 'Pro plan', period: '1 Jan 2026 – 1 Feb 2026', amount: 8_000 },
    { label: 'Extra seats', period: null, amount: 2_000 },
  ],
  subtotal: 10_000,
  discount: { label: 'Discount (WINTER10)', amount: 1_000 },
  net: 9_000,
  taxLines: [vat20],
  tax: 1_800,
  total: 10_800,
  refunded: null,
  notes: ['Thank you for your purchase.'],
};

/** The text lines that hold `needle`, with runs of spaces folded so that column gaps do not matter. */
const rowsWith = (text: string, needle: string) =>
  text
    .split('\n')
    .map((row) => row.trim().replace(/\s+/g, ' '))
    .filter((row) => row.includes(needle));

test('an invoice shows its numbers, parties, lines, discount, tax and totals', async () => {
  const pdf = await renderBillingDocument(invoice);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain('Invoice ACME-AAAAAABC-0007'); // the Title in the metadata
  const text = await pdfText(pdf);

  expect(text).toMatch(/^\s*Invoice\s*$/m);
  expect(rowsWith(text, 'Invoice number')).toEqual(['Invoice number ACME-AAAAAABC-0007']);
  expect(rowsWith(text, 'Date of issue')).toEqual(['Date of issue 15 Jan 2026']);
  expect(rowsWith(text, 'Paid on')).toEqual(['Paid on 16 Jan 2026']);
  expect(rowsWith(text, 'Order ')).toEqual(['Order ord_01HZX']);
  expect(rowsWith(text, 'Seller of record')).toEqual(['Seller of record Bill to']);
  expect(rowsWith(text, 'Bursar Billing Ltd')).toEqual(['Bursar Billing Ltd Zoë Łukasiewicz']);
  expect(text).toContain('VAT IE1234567X');
  expect(text).toContain('on behalf of Acme Tools');
  expect(text).toContain('75002 Paris');

  expect(rowsWith(text, 'Pro plan')).toEqual(['Pro plan EUR 80.00']);
  expect(rowsWith(text, '1 Jan 2026 – 1 Feb 2026')).toEqual(['1 Jan 2026 – 1 Feb 2026']);
  expect(rowsWith(text, 'Extra seats')).toEqual(['Extra seats EUR 20.00']);
  expect(rowsWith(text, 'Subtotal')).toEqual(['Subtotal EUR 100.00']);
  expect(rowsWith(text, 'WINTER10')).toEqual(['Discount (WINTER10) EUR -10.00']);
  expect(rowsWith(text, 'Net ')).toEqual(['Net EUR 90.00']);
  expect(rowsWith(text, 'VAT (France)')).toEqual(['VAT (France) 20% EUR 18.00']);
  expect(rowsWith(text, 'Tax ')).toEqual(['Tax EUR 18.00']);
  expect(rowsWith(text, 'Total')).toEqual(['Total EUR 108.00']);
  expect(text).not.toContain('Refunded');
  expect(text).toContain('Thank you for your purchase.');
});

test('a receipt after a refund shows what went back and what the buyer paid in the end', async () => {
  const text = await pdfText(
    await renderBillingDocument({
      ...invoice,
      kind: 'receipt',
      number: 'RCPT-AAAAAABC-0003',
      refunded: { amount: 3_000, tax: 600 },
    }),
  );
  expect(text).toMatch(/^\s*Receipt\s*$/m);
  expect(rowsWith(text, 'Receipt number')).toEqual(['Receipt number RCPT-AAAAAABC-0003']);
  expect(rowsWith(text, 'Paid on')).toEqual(['Paid on 16 Jan 2026']);
  expect(rowsWith(text, 'Total')).toEqual(['Total EUR 108.00']);
  // 30.00 refunded + 6.00 of its tax = 36.00; 108.00 − 36.00 = 72.00
  expect(rowsWith(text, 'Refunded')).toEqual(['Refunded EUR -36.00']);
  expect(rowsWith(text, 'Net paid')).toEqual(['Net paid EUR 72.00']);
});

test('a credit note names the invoice it corrects and when the money went back', async () => {
  const text = await pdfText(
    await renderBillingDocument({
      ...invoice,
      kind: 'credit_note',
      number: 'CN-ACME-0001',
      references: [{ label: 'Credit note for invoice', value: 'ACME-AAAAAABC-0007' }],
      settledAt: new Date('2026-02-03T12:00:00Z'),
      lines: [{ label: 'Refund: Pro plan', period: null, amount: 3_000 }],
      subtotal: 3_000,
      discount: null,
      net: 3_000,
      taxLines: [{ ...vat20, taxableAmount: 3_000, amount: 600 }],
      tax: 600,
      total: 3_600,
    }),
  );
  expect(text).toMatch(/^\s*Credit note\s*$/m);
  expect(rowsWith(text, 'Credit note number')).toEqual(['Credit note number CN-ACME-0001']);
  expect(rowsWith(text, 'Credit note for invoice')).toEqual(['Credit note for invoice ACME-AAAAAABC-0007']);
  expect(rowsWith(text, 'Refunded on')).toEqual(['Refunded on 3 Feb 2026']);
  expect(text).not.toContain('Paid on');
  expect(text).not.toContain('WINTER10');
  expect(rowsWith(text, 'Total')).toEqual(['Total EUR 36.00']);
});

test('a reverse-charge invoice to a business shows the 0% rate, the tax IDs and the legal note; other scripts are embedded', async () => {
  const text = await pdfText(
    await renderBillingDocument({
      ...invoice,
      currency: 'jpy',
      buyer: {
        name: '株式会社テスト',
        addressLines: ['Berliner Str. 1', '10115 Berlin', 'Germany'],
        taxIds: ['VAT DE123456789'],
      },
      merchant: { name: 'ООО Ромашка' },
      lines: [{ label: 'Pro plan', period: null, amount: 12_000 }],
      subtotal: 12_000,
      discount: null,
      net: 12_000,
      taxLines: [{ label: 'VAT (Germany)', rate: 0, taxableAmount: 12_000, amount: 0, reverseCharge: true }],
      tax: 0,
      total: 12_000,
      notes: ['Reverse charge: VAT is due by the recipient under Article 196 of Council Directive 2006/112/EC.'],
    }),
  );
  expect(rowsWith(text, 'VAT (Germany)')).toEqual(['VAT (Germany) (0% Reverse Charge) JPY 0']);
  expect(rowsWith(text, 'Total')).toEqual(['Total JPY 12,000']);
  expect(text).toContain('株式会社テスト');
  expect(text).toContain('on behalf of ООО Ромашка');
  expect(text).toContain('VAT DE123456789');
  expect(text).toContain('Article 196');
});

test('a 200-line document keeps every line, over several pages', async () => {
  const lines = Array.from({ length: 200 }, (_, i) => ({
    label: `Usage item ${i + 1}`,
    period: i % 2 ? '1 Jan 2026 – 1 Feb 2026' : null,
    amount: 100 + i,
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0); // 200 × 100 + (0 + … + 199) = 20 000 + 19 900
  const text = await pdfText(
    await renderBillingDocument({
      ...invoice,
      lines,
      subtotal,
      discount: null,
      net: subtotal,
      taxLines: [],
      tax: 0,
      total: subtotal,
    }),
  );
  for (const [i, line] of lines.entries())
    expect(rowsWith(text, `Usage item ${i + 1} `)).toEqual([
      `Usage item ${i + 1} EUR ${(line.amount / 100).toFixed(2)}`,
    ]);
  const pages = text.split('\f').filter((page) => page.trim());
  expect(pages.length).toBeGreaterThanOrEqual(4);
  expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  expect(rowsWith(text, 'Total')).toEqual(['Total EUR 399.00']);
});

test('documents rendered together each embed the glyphs they use, from the fonts parsed once per process', async () => {
  const other = { ...invoice, number: 'ACME-ZZZ-0099', buyer: { ...invoice.buyer, name: 'Ωmega Йотa 山田' } };
  const [first, second] = await Promise.all([renderBillingDocument(invoice), renderBillingDocument(other)]);
  const [firstText, secondText] = [await pdfText(first), await pdfText(second)];
  expect(firstText).toContain('Zoë Łukasiewicz');
  expect(firstText).not.toContain('Ωmega');
  expect(secondText).toContain('Ωmega Йотa 山田');
  expect(rowsWith(secondText, 'Invoice number')).toEqual(['Invoice number ACME-ZZZ-0099']);
});
