import { orderReceiptEmail, type OrderReceiptParams } from '../../src/domains/order';

const paid: OrderReceiptParams = {
  organizationName: 'Acme',
  orderId: '0b9c1a4e-0000-4000-8000-000000000001',
  receiptNumber: 'ACME-0001-R',
  customerName: 'Ada',
  productName: 'Pro plan',
  currency: 'eur',
  items: [{ label: 'Pro plan', amount: 123456 }],
  discountAmount: 1000,
  taxAmount: 23500,
  taxInclusive: false,
  totalAmount: 145956,
  paidAt: '2026-11-24T10:00:00.000Z',
};

test('a paid order: subject with the product, every amount from minor units, the order, the portal for invoices', () => {
  const { subject, text, html } = orderReceiptEmail.render(paid);
  expect(subject).toBe('Your receipt from Acme: Pro plan');
  for (const line of [
    'EUR 1,234.56',
    'EUR -10.00',
    'Tax ',
    'EUR 235.00',
    'Total paid',
    'EUR 1,459.56',
    `Order: ${paid.orderId}`,
    'Receipt number: ACME-0001-R',
    'Date: 2026-11-24',
  ]) {
    expect(text).toContain(line);
    expect(html).toContain(line.trim());
  }
  expect(text).toContain("invoice for this order from Acme's customer portal");
  expect(text).not.toContain('Tax (included)');
});

test('tax carved out of the prices is shown as included; no discount line when there is none', () => {
  const { text } = orderReceiptEmail.render({ ...paid, discountAmount: 0, taxInclusive: true, totalAmount: 123456 });
  expect(text).toContain('Tax (included)');
  expect(text).not.toContain('Discount');
});

test('a free order is a confirmation, with nothing to pay', () => {
  const { subject, text } = orderReceiptEmail.render({
    ...paid,
    items: [{ label: 'Starter', amount: 0 }],
    productName: 'Starter',
    discountAmount: 0,
    taxAmount: 0,
    totalAmount: 0,
  });
  expect(subject).toBe('Your order from Acme: Starter');
  expect(text).toContain('nothing to pay');
  expect(text).toMatch(/Total\s+EUR 0\.00/);
  expect(text).not.toContain('Tax');
});

test('zero-decimal currencies have no fraction', () => {
  const { text } = orderReceiptEmail.render({
    ...paid,
    currency: 'jpy',
    items: [{ label: 'Pro plan', amount: 5000 }],
    discountAmount: 0,
    taxAmount: 0,
    totalAmount: 5000,
  });
  expect(text).toContain('JPY 5,000');
});

test('every value placed in the HTML is escaped; the text and subject keep it as written', () => {
  const hostile = '<script>alert("x")</script> & Co';
  const { subject, text, html } = orderReceiptEmail.render({
    ...paid,
    organizationName: hostile,
    customerName: hostile,
    productName: hostile,
    items: [{ label: hostile, amount: 100 }],
  });
  expect(html).not.toContain('<script>');
  expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
  expect(subject).toBe(`Your receipt from ${hostile}: ${hostile}`);
  expect(text).toContain(hostile);
});
