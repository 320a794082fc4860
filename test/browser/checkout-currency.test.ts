// The hosted checkout page in the buyer's currency (headless Chromium, real API and worker): a product priced in
// dollars, euros and yen, an organization that maps Japan to the yen and Germany to the euro; the page shows the
// currency the buyer's country picks as the buyer picks it, and the order is charged in it, to the yen.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expectAccessible, launchBrowser, screenshot, type BrowserSession, type WatchedPage } from '../support/browser';
import { eventually, startHarness, type TestHarness } from '../support/harness';

jest.setTimeout(120_000);

let h: TestHarness;
let browser: BrowserSession;
let call: (method: string, path: string, json?: unknown) => Promise<{ status: number; body: any }>;
const opened: WatchedPage[] = [];

beforeAll(async () => {
  h = await startHarness({ STRIPE_PUBLISHABLE_KEY: 'pk_test_bursar_hosted_checkout' });
  await h.startWorker('sandbox');
  browser = await launchBrowser();
  const org = await h.organization(
    ['products:write', 'checkouts:read', 'checkouts:write', 'orders:read', 'organizations:write'],
    'sandbox',
  );
  call = (method, path, json) => h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const settings = await call('PATCH', `/v1/organizations/${org.id}`, {
    default_presentment_currency: 'usd',
    currency_by_country: { JP: 'jpy', DE: 'eur' },
  });
  expect(settings.status).toBe(200);
});
afterAll(async () => {
  for (const watched of opened.splice(0)) await watched.context.close();
  await browser?.close();
  await h?.close();
});

const total = (page: Page) => page.locator('#checkout-total');

async function chooseCountry(page: Page, country: string, shown: string): Promise<void> {
  await page.getByLabel('Country', { exact: true }).selectOption(country);
  await eventually(async () => (await total(page).textContent()) === shown, 10_000, { what: `total ${shown}` });
}

test('the page shows the currency the buyer’s country picks, and the order is charged in it', async () => {
  const product = await call('POST', '/v1/products/', {
    name: `Field Guide ${randomUUID().slice(0, 6)}`,
    prices: [
      { amount_type: 'fixed', price_amount: 1000, price_currency: 'usd' },
      { amount_type: 'fixed', price_amount: 900, price_currency: 'eur' },
      { amount_type: 'fixed', price_amount: 1500, price_currency: 'jpy' },
    ],
  });
  expect(product.status).toBe(201);
  const session = await call('POST', '/v1/checkouts/', { products: [product.body.id] });
  expect(session.body.currency).toBe('usd');

  const watched = await browser.newPage();
  opened.push(watched);
  const { page, problems } = watched;
  await page.goto(session.body.url);
  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  // No country yet: the organization's default.
  expect(await page.locator('.product-price').textContent()).toBe('$10.00');
  expect(await total(page).textContent()).toBe('$10.00');

  await page.getByLabel('E-mail').fill('aiko@example.jp');
  await chooseCountry(page, 'JP', '¥1,500');
  expect(await page.locator('.product-price').textContent()).toBe('¥1,500');
  // Japan's 10 % included: 1500 − round(1500 / 1.1) = 136, with no fraction.
  expect(await page.locator('.summary-lines').textContent()).toContain('¥136');
  await screenshot(page, 'checkout', '20-buyer-in-japan-yen');
  await expectAccessible(page);

  await chooseCountry(page, 'DE', '€9.00');
  expect(await page.locator('.product-price').textContent()).toBe('€9.00');
  await chooseCountry(page, 'FR', '$10.00'); // France is not in the map: the default again
  await chooseCountry(page, 'JP', '¥1,500');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Pay ¥1,500' }).click();
  await page.waitForURL(`${session.body.url}/confirmation`);
  await screenshot(page, 'checkout', '21-paid-in-yen');

  const order = await eventually(async () => {
    const [paid] = (await call('GET', `/v1/orders/?checkout_id=${session.body.id}`)).body.items;
    return paid?.paid && paid;
  }, 30_000);
  expect(order).toMatchObject({ currency: 'jpy', subtotal_amount: 1500, net_amount: 1364, tax_amount: 136 });
  expect(order.total_amount).toBe(1500);
  expect(problems).toEqual([]);
});
