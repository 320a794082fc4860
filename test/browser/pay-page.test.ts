// The hosted pay page in headless Chromium against the real API and worker: a finalized draft order's e-mailed pay
// link opened without any login, its lines, tax and total, a declined test card, then a paid one. Every state is
// checked by axe-core and saved as a screenshot; no script error or CSP violation.
import { expectAccessible, launchBrowser, screenshot, type BrowserSession } from '../support/browser';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { waitForMail } from '../support/mail-catcher';

let h: TestHarness;
let browser: BrowserSession;

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

test('a pay link opens the order, refuses a declined card, then takes a payment', async () => {
  const org = await h.organization(['products:write', 'customers:write', 'orders:write', 'orders:read'], 'sandbox');
  const call = (method: string, path: string, json?: unknown) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const product = await call('POST', '/v1/products/', {
    name: 'Audit',
    prices: [{ amount_type: 'fixed', price_amount: 24200 }],
  });
  const customer = await call('POST', '/v1/customers/', {
    email: 'pay-page@example.com',
    name: 'Mary Somerville',
    billing_address: { country: 'NL', line1: 'Dam 1', city: 'Amsterdam', postal_code: '1012 JS' },
  });
  const draft = await call('POST', '/v1/orders/', { customer_id: customer.body.id, product_id: product.body.id });
  const finalized = await call('POST', `/v1/orders/${draft.body.id}/finalize`, {});
  expect(finalized.body).toMatchObject({ status: 'pending', tax_amount: 4200, total_amount: 24200 });
  const mail = await waitForMail('pay-page@example.com', (m) => /^Invoice /.test(m.subject));
  const url = /(https?:\/\/\S+\/pay\/\S+)/.exec(mail.text)![1];

  const { page, problems } = await browser.newPage();
  page.setDefaultTimeout(20_000);
  const response = await page.goto(url);
  expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response!.headers()['referrer-policy']).toBe('no-referrer');
  await page.getByRole('heading', { name: 'Pay your order' }).waitFor();
  await page.getByText('Audit').waitFor();
  await page.getByText('Tax (included)').waitFor();
  expect(await page.getByText(finalized.body.invoice_number).count()).toBe(1);
  await expectAccessible(page);
  await screenshot(page, 'pay', '00-order');

  const fill = async (number: string) => {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
  };
  await fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByText(/Your payment was not accepted/).waitFor();
  await expectAccessible(page);
  await screenshot(page, 'pay', '01-declined');
  expect((await call('GET', `/v1/orders/${draft.body.id}`)).body.status).toBe('pending');

  await fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByText(/^Paid\. Thank you/).waitFor();
  await expectAccessible(page);
  await screenshot(page, 'pay', '02-paid');
  await eventually(async () => (await call('GET', `/v1/orders/${draft.body.id}`)).body.status === 'paid');
  expect(problems).toEqual([]);

  // A forged link shows the page's notice, nothing of any order.
  await page.goto(`${url.slice(0, -3)}xyz`);
  await page.getByText('This pay link is invalid or has expired.').waitFor();
});
