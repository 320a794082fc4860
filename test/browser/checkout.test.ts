// The hosted checkout page in headless Chromium, against the real API and worker (sandbox): purchases as a buyer makes
// them — from a checkout link to the success page, a declined card then a good one, a business with a VAT ID (reverse
// charge), a discount code, a pay-what-you-want amount, a seat-based subscription with a trial, an embedded checkout —
// with axe-core on every page and screenshots of each step under .screenshots/checkout/.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { Page } from 'playwright-core';
import { expectAccessible, launchBrowser, screenshot, type BrowserSession, type WatchedPage } from '../support/browser';
import { freePort } from '../support/free-port';
import { eventually, startHarness, type TestHarness } from '../support/harness';

jest.setTimeout(120_000);

const SCOPES = [
  'products:write',
  'checkouts:read',
  'checkouts:write',
  'checkout_links:read',
  'checkout_links:write',
  'discounts:write',
  'orders:read',
  'subscriptions:read',
] as const;

const STRIPE_KEY = 'pk_test_bursar_hosted_checkout';

let h: TestHarness;
let browser: BrowserSession;
let call: (method: string, path: string, json?: unknown) => Promise<{ status: number; body: any }>;
let callProduction: typeof call;
const opened: WatchedPage[] = [];

beforeAll(async () => {
  h = await startHarness({ STRIPE_PUBLISHABLE_KEY: STRIPE_KEY });
  await h.startWorker('sandbox');
  browser = await launchBrowser();
  const org = await h.organization([...SCOPES], 'sandbox');
  call = (method, path, json) => h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const live = await h.organization([...SCOPES], 'production');
  callProduction = (method, path, json) =>
    h.request(method, path, { token: live.token, environment: 'production', json });
});
afterEach(async () => {
  for (const watched of opened.splice(0)) await watched.context.close();
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

async function product(body: Record<string, unknown>): Promise<any> {
  const created = await call('POST', '/v1/products/', { name: `Field Guide ${randomUUID().slice(0, 6)}`, ...body });
  expect(created.status).toBe(201);
  return created.body;
}

async function checkout(body: Record<string, unknown>): Promise<any> {
  const created = await call('POST', '/v1/checkouts/', body);
  expect(created.status).toBe(201);
  return created.body;
}

/** A fresh browser context on `url`, once the checkout form is on screen. */
async function open(url: string, options: { viewport?: { width: number; height: number } } = {}): Promise<WatchedPage> {
  const watched = await browser.newPage(options);
  opened.push(watched);
  await watched.page.goto(url);
  await watched.page.getByRole('heading', { name: 'Order summary' }).waitFor();
  return watched;
}

async function fillBuyer(page: Page, buyer: { email: string; name?: string; country: string }): Promise<void> {
  await page.getByLabel('E-mail').fill(buyer.email);
  if (buyer.name) await page.getByLabel('Full name').fill(buyer.name);
  await page.getByLabel('Country', { exact: true }).selectOption(buyer.country);
}

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
}

/** The text of the summary row whose heading matches `label`. */
function summaryRow(page: Page, label: RegExp) {
  return page.locator('.summary-lines tr').filter({ has: page.getByRole('rowheader', { name: label }) });
}

/** Every line of the summary as [heading, amount]. */
async function summaryLines(page: Page): Promise<string[][]> {
  const rows = page.locator('.summary-lines tr');
  const lines: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    lines.push([
      (await rows.nth(i).locator('th').innerText()).trim(),
      (await rows.nth(i).locator('td').innerText()).trim(),
    ]);
  }
  return lines;
}

async function paidOrder(checkoutId: string): Promise<any> {
  return eventually(async () => {
    const [order] = (await call('GET', `/v1/orders/?checkout_id=${checkoutId}`)).body.items;
    return order?.paid && order;
  }, 30_000);
}

async function merchantView(checkoutId: string): Promise<any> {
  return (await call('GET', `/v1/checkouts/${checkoutId}`)).body;
}

test('a one-time purchase from a checkout link: a German buyer sees VAT in the total, pays with a test card and lands on the success page', async () => {
  const guide = await product({
    prices: [{ amount_type: 'fixed', price_amount: 1500 }],
    description: 'A pocket guide to the birds of Europe.',
  });
  const link = await call('POST', '/v1/checkout-links/', { payment_processor: 'stripe', product_id: guide.id });
  expect(link.status).toBe(201);

  const { page, problems } = await open(link.body.url);
  const secret = page.url().split('/checkout/')[1];
  expect(page.url()).toBe(`${h.url.sandbox}/checkout/${secret}`);
  await page.getByRole('heading', { name: guide.name }).waitFor();
  expect(await page.locator('.product-price').textContent()).toBe('$15.00');
  expect(await summaryRow(page, /^Tax$/).textContent()).toContain('Calculated from your address');
  expect(await page.locator('.sandbox-banner').textContent()).toContain('Sandbox');
  expect(await page.locator('#test-cards').textContent()).toContain('4242 4242 4242 4242');
  await screenshot(page, 'checkout', '01-link-opened');
  await expectAccessible(page);

  await fillBuyer(page, { email: 'lena@example.de', name: 'Lena Vogel', country: 'DE' });
  await summaryRow(page, /^VAT included$/).waitFor();
  expect(await summaryRow(page, /^VAT included$/).textContent()).toContain('$2.39');
  expect(await page.locator('#checkout-total').textContent()).toBe('$15.00');
  await fillCard(page, '4242 4242 4242 4242');
  await screenshot(page, 'checkout', '02-german-buyer-vat');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Pay $15.00' }).click();
  await page.waitForURL(`${h.url.sandbox}/checkout/${secret}/confirmation`);
  await screenshot(page, 'checkout', '03-success-page');
  await expectAccessible(page);

  const session = await eventually(
    async () => (await call('GET', `/v1/checkouts/?product_id=${guide.id}`)).body.items[0],
  );
  const order = await paidOrder(session.id);
  expect(order).toMatchObject({ total_amount: 1500, tax_amount: 239, net_amount: 1261, currency: 'usd' });
  expect(order.billing_address).toMatchObject({ country: 'DE' });
  expect(session).toMatchObject({
    customer_email: 'lena@example.de',
    customer_name: 'Lena Vogel',
    status: 'succeeded',
  });
  expect(problems).toEqual([]);
});

test('a declined card shows why and what to do; another card then goes through (keyboard only)', async () => {
  const guide = await product({ prices: [{ amount_type: 'fixed', price_amount: 900 }] });
  const session = await checkout({
    products: [guide.id],
    customer_email: 'sam@example.com',
    customer_billing_address: { country: 'FR' },
  });
  const { page, problems } = await open(session.url);
  // The confirmation held on its way: while it is, the form is busy and nothing in it can change.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/confirm', async (route) => {
    await held;
    await route.continue();
  });

  await fillCard(page, '4000 0000 0000 0002');
  await page.getByLabel('Security code (CVC)').press('Enter');
  await page.getByRole('button', { name: 'Processing your payment…' }).waitFor();
  expect(await page.locator('form').getAttribute('aria-busy')).toBe('true');
  for (const label of ['Country', 'Card number', 'Expiry (MM / YY)', 'Security code (CVC)', 'E-mail']) {
    expect(await page.getByLabel(label, { exact: true }).isDisabled()).toBe(true);
  }
  release();
  const alert = page.getByRole('alert').filter({ hasText: 'The payment did not go through' });
  await alert.waitFor();
  // The notice is announced at once: it is not inside the form, and the form is no longer busy.
  expect(await page.locator('form [role="alert"]').count()).toBe(0);
  expect(await page.locator('form').getAttribute('aria-busy')).toBeNull();
  expect(await alert.textContent()).toContain('Your card was declined.');
  expect(await alert.textContent()).toContain('Nothing was charged');
  expect(await page.getByLabel('Card number').inputValue()).toBe('');
  await screenshot(page, 'checkout', '04-card-declined');
  await expectAccessible(page);
  expect((await merchantView(session.id)).status).toBe('open');

  await page.getByLabel('Card number').focus();
  await page.keyboard.type('4242424242424242');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1234');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/confirmation$/);
  expect((await paidOrder(session.id)).total_amount).toBe(900);
  expect(problems).toEqual([]);
});

test('a business purchase with a valid VAT ID: the full billing address, the VAT reverse charged, nothing but the net paid', async () => {
  const license = await product({ prices: [{ amount_type: 'fixed', price_amount: 5000 }] });
  const session = await checkout({ products: [license.id] });
  const { page, problems } = await open(session.url);

  await fillBuyer(page, { email: 'buying@acme.example', name: 'Jonas Berger', country: 'DE' });
  await summaryRow(page, /^VAT included$/).waitFor();
  await page.getByLabel('I am buying as a business').check();
  await page.getByLabel('Business name').fill('ACME GmbH');
  await page.getByLabel('Tax ID (optional)').fill('DE136695976');
  // A business needs its full address: the line, the postal code and the city appear.
  await page.getByLabel('Address', { exact: true }).fill('Friedrichstraße 1');
  await page.getByLabel('Postal code').fill('10117');
  await page.getByLabel('City').fill('Berlin');
  await summaryRow(page, /^VAT \(reverse charge\)$/).waitFor();
  expect(await summaryRow(page, /^VAT \(reverse charge\)$/).textContent()).toContain('$0.00');
  expect(await page.locator('.reverse-charge-note').textContent()).toContain('Reverse charge');
  expect(await page.locator('#checkout-total').textContent()).toBe('$50.00');
  await fillCard(page, '4242424242424242');
  await screenshot(page, 'checkout', '05-business-reverse-charge');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Pay $50.00' }).click();
  await page.waitForURL(/\/confirmation$/);
  const order = await paidOrder(session.id);
  expect(order).toMatchObject({ total_amount: 5000, tax_amount: 0, billing_name: 'ACME GmbH' });
  expect(order.billing_address).toMatchObject({
    country: 'DE',
    line1: 'Friedrichstraße 1',
    postal_code: '10117',
    city: 'Berlin',
  });
  expect(problems).toEqual([]);
});

test('a discount code: an unknown one is refused at its field, a valid one takes its share off the total', async () => {
  const course = await product({ prices: [{ amount_type: 'fixed', price_amount: 1500 }] });
  const code = `SPRING${randomUUID().slice(0, 4).toUpperCase()}`;
  const discount = await call('POST', '/v1/discounts/', {
    name: 'Spring',
    type: 'percentage',
    basis_points: 1000,
    duration: 'once',
    code,
  });
  expect(discount.status).toBe(201);
  const session = await checkout({ products: [course.id] });
  const { page, problems } = await open(session.url);
  await fillBuyer(page, { email: 'mia@example.com', country: 'FR' });

  await page.getByLabel('Discount code').fill('NOPE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.locator('#discount-code-error').waitFor();
  expect(await page.locator('#discount-code-error').textContent()).toContain('No such discount code');
  expect(await page.getByLabel('Discount code').getAttribute('aria-invalid')).toBe('true');
  await screenshot(page, 'checkout', '06-discount-refused');
  await expectAccessible(page);

  await page.getByLabel('Discount code').fill(code.toLowerCase());
  await page.getByLabel('Discount code').press('Enter');
  await summaryRow(page, /^Discount/).waitFor();
  expect(await page.getByRole('status').filter({ hasText: 'applied' }).textContent()).toContain(code.toLowerCase());
  // French VAT (20 %) is included in the price: $15.00 − $1.50 = $13.50, of which VAT is 13.50 × 20/120 = $2.25.
  expect(await summaryLines(page)).toEqual([
    [course.name, '$15.00'],
    [`Discount (${code})`, '−$1.50'],
    ['Subtotal', '$13.50'],
    ['VAT included', '$2.25'],
    ['Total', '$13.50'],
  ]);
  await fillCard(page, '4242 4242 4242 4242');
  await screenshot(page, 'checkout', '07-discount-applied');
  await expectAccessible(page);

  // New York's sales tax (4 %) comes on top: $13.50 + 13.50 × 4 % ($0.54) = $14.04.
  await page.getByLabel('Country', { exact: true }).selectOption('US');
  await page.getByLabel('State', { exact: true }).selectOption('NY');
  await summaryRow(page, /^Sales tax$/).waitFor();
  expect(await summaryLines(page)).toEqual([
    [course.name, '$15.00'],
    [`Discount (${code})`, '−$1.50'],
    ['Subtotal', '$13.50'],
    ['Sales tax', '$0.54'],
    ['Total', '$14.04'],
  ]);
  await page.getByLabel('Address', { exact: true }).fill('5 Park Ave');
  await page.getByLabel('Postal code').fill('10016');
  await page.getByLabel('City').fill('New York');

  await page.getByRole('button', { name: 'Pay $14.04' }).click();
  await page.waitForURL(/\/confirmation$/);
  expect(await paidOrder(session.id)).toMatchObject({
    discount_amount: 150,
    tax_amount: 54,
    total_amount: 1404,
    discount_id: discount.body.id,
  });
  expect(problems).toEqual([]);
});

test('seats typed and Enter pressed at once: the payment waits for the new total, and charges what the page showed', async () => {
  const team = await product({
    recurring_interval: 'month',
    prices: [
      {
        amount_type: 'seat_based',
        seat_tiers: { seat_tier_type: 'volume', tiers: [{ min_seats: 1, max_seats: null, price_per_seat: 800 }] },
      },
    ],
  });
  const session = await checkout({ products: [team.id] });
  const { page, problems } = await open(session.url);
  // The total on screen at the moment each confirmation leaves the page (the request waits while it is read).
  const shownAtConfirm: (string | null)[] = [];
  await page.route('**/confirm', async (route) => {
    shownAtConfirm.push(await page.locator('#checkout-total').textContent());
    await route.continue();
  });
  await fillBuyer(page, { email: 'lead@team.example', country: 'FR' });
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Subscribe for $8.00' }).waitFor();

  // The form submitted while the seat count is still waiting to be sent: it is sent, and the new total stops the payment.
  await page.evaluate(`(async () => {
    const seats = document.getElementById('seats');
    seats.value = '5';
    seats.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    seats.form.requestSubmit();
  })()`);
  const stopped = page.getByRole('status').filter({ hasText: 'The total is now $40.00.' });
  await stopped.waitFor();
  expect(await stopped.textContent()).toContain('press “Subscribe for $40.00” again');
  expect(await page.locator('#checkout-total').textContent()).toBe('$40.00');
  expect(shownAtConfirm).toEqual([]);
  await screenshot(page, 'checkout', '15-total-changed');
  await expectAccessible(page);

  // As a buyer does it: the count typed and Enter pressed straight away.
  await page.getByLabel('Seats').fill('3');
  await page.getByLabel('Seats').press('Enter');
  const confirmed = page.waitForURL(/\/confirmation$/).then(
    () => true,
    () => false,
  );
  const updated = page
    .getByRole('button', { name: 'Subscribe for $24.00' })
    .waitFor()
    .then(() => false);
  if (!(await Promise.race([confirmed, updated])))
    await page.getByRole('button', { name: 'Subscribe for $24.00' }).click();
  await page.waitForURL(/\/confirmation$/);
  const order = await paidOrder(session.id);
  expect(shownAtConfirm).toEqual(['$24.00']);
  expect(order).toMatchObject({ total_amount: 2400, currency: 'usd' });
  expect((await call('GET', `/v1/subscriptions/${order.subscription_id}`)).body).toMatchObject({
    seats: 3,
    status: 'active',
  });
  expect(problems).toEqual([]);
});

test('pay what you want on a phone: an amount below the minimum is refused, one within the bounds is what is charged', async () => {
  const tip = await product({
    prices: [{ amount_type: 'custom', minimum_amount: 500, maximum_amount: 10_000, preset_amount: 1000 }],
  });
  const session = await checkout({ products: [tip.id] });
  const { page, problems } = await open(session.url, { viewport: { width: 390, height: 844 } });
  expect(await page.locator('.product-price').textContent()).toBe('Pay what you want, from $5.00');
  expect(await page.getByLabel('Amount (USD)').inputValue()).toBe('10.00');
  await fillBuyer(page, { email: 'kai@example.com', country: 'NL' });
  await fillCard(page, '4242 4242 4242 4242');

  await page.getByLabel('Amount (USD)').fill('2');
  await page.locator('#amount-error').waitFor();
  expect(await page.locator('#amount-error').textContent()).toBe('Enter at least $5.00.');
  await page.getByRole('button', { name: /^Pay/ }).click();
  expect(await page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields.' }).count()).toBe(1);
  await page.waitForFunction(`document.activeElement.id === 'amount'`, undefined, { timeout: 5_000 }); // focused once the error renders
  expect(await merchantView(session.id)).toMatchObject({ status: 'open', amount: 1000 });
  await screenshot(page, 'checkout', '08-pwyw-below-minimum');
  await expectAccessible(page);

  await page.getByLabel('Amount (USD)').fill('12.50');
  await page.getByRole('button', { name: 'Pay $12.50' }).waitFor();
  expect(await page.locator('#amount-error').count()).toBe(0);
  await screenshot(page, 'checkout', '09-pwyw-accepted');
  await page.getByRole('button', { name: 'Pay $12.50' }).click();
  await page.waitForURL(/\/confirmation$/);
  expect(await paidOrder(session.id)).toMatchObject({ total_amount: 1250 });
  expect(problems).toEqual([]);
});

test('a seat-based subscription with a trial: seats priced per seat, the US state for sales tax, nothing due today, the card saved', async () => {
  const team = await product({
    recurring_interval: 'month',
    trial_interval: 'day',
    trial_interval_count: 14,
    prices: [
      {
        amount_type: 'seat_based',
        seat_tiers: { seat_tier_type: 'volume', tiers: [{ min_seats: 1, max_seats: null, price_per_seat: 800 }] },
      },
    ],
  });
  const session = await checkout({ products: [team.id] });
  const { page, problems } = await open(session.url);
  expect(await page.locator('.product-price').textContent()).toBe('$8.00 per seat every month');
  expect(await page.locator('#seats-hint').textContent()).toBe('$8.00 per seat');

  await page.getByLabel('Seats').fill('3');
  await summaryRow(page, /× 3 seats/).waitFor();
  expect(await summaryRow(page, /× 3 seats/).textContent()).toContain('$24.00');
  await fillBuyer(page, { email: 'ops@team.example', name: 'Ari Stone', country: 'US' });
  await page.getByLabel('State', { exact: true }).selectOption('NY');
  await summaryRow(page, /^Sales tax$/)
    .filter({ hasText: '$0.96' })
    .waitFor();
  expect(await page.locator('#checkout-total').textContent()).toBe('$24.96');
  expect(await summaryRow(page, /^Due today$/).textContent()).toContain('$0.00');
  expect(await page.locator('.trial-notice').textContent()).toMatch(
    /^Free for 14 days, then \$24\.96 every month\. Your first payment is on /,
  );
  await page.getByLabel('Address', { exact: true }).fill('1 Main St');
  await page.getByLabel('Postal code').fill('10001');
  await page.getByLabel('City').fill('New York');
  await fillCard(page, '4242 4242 4242 4242');
  await screenshot(page, 'checkout', '10-seats-trial');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Start free trial' }).click();
  await page.waitForURL(/\/confirmation$/);
  const done = await eventually(async () => {
    const view = await merchantView(session.id);
    return view.subscription_id && view;
  });
  const subscription = (await call('GET', `/v1/subscriptions/${done.subscription_id}`)).body;
  expect(subscription).toMatchObject({ status: 'trialing', seats: 3, amount: 2400 });
  expect(problems).toEqual([]);
});

test('an embedded checkout posts its events to its embed_origin only; another origin cannot frame it', async () => {
  const guide = await product({ prices: [{ amount_type: 'fixed', price_amount: 2000 }] });
  // The merchant's shop: a page of its own origin (localhost, another origin than the API's 127.0.0.1) that frames the
  // checkout given by ?checkout= and records every message it receives.
  const shopServer = createServer((request, response) => {
    const src = new URL(request.url ?? '/', 'http://localhost').searchParams.get('checkout') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><title>Shop</title></head><body><h1>Shop</h1>
<iframe title="Checkout" src="${src.replace(/"/g, '')}" onload="window.frameLoads = (window.frameLoads || 0) + 1" style="width:100%;height:1500px;border:0"></iframe>
<script>window.received = []; addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }));</script>
</body></html>`);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => shopServer.listen(port, '127.0.0.1', resolve));
  try {
    const shop = `http://localhost:${port}`;
    const session = await checkout({ products: [guide.id], embed_origin: shop });
    const watched = await browser.newPage();
    opened.push(watched);
    const { page } = watched;

    await page.goto(`${shop}/?checkout=${encodeURIComponent(session.url)}`);
    const frame = page.frameLocator('iframe[title="Checkout"]');
    await frame.getByRole('heading', { name: 'Order summary' }).waitFor();
    await frame.getByLabel('E-mail').fill('orla@example.ie');
    await frame.getByLabel('Country', { exact: true }).selectOption('IE');
    await frame.locator('.tax-line').filter({ hasText: '$3.74' }).waitFor();
    await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
    await frame.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await frame.getByLabel('Security code (CVC)').fill('123');
    await screenshot(page, 'checkout', '11-embedded');
    // (Keyboard: Playwright's hit-testing of a click in a cross-origin frame retries forever on this Chromium.)
    await frame.getByRole('button', { name: 'Pay $20.00' }).press('Enter');
    const received = await eventually(async () => {
      const messages = (await page.evaluate('window.received')) as { origin: string; data: { event: string } }[];
      return messages.some((m) => m.data.event === 'success') && messages;
    });
    const checkoutOrigin = new URL(session.url).origin;
    expect(received.every((m) => m.origin === checkoutOrigin)).toBe(true);
    expect(received.map((m) => m.data.event)).toEqual(
      expect.arrayContaining(['loaded', 'updated', 'confirmed', 'success']),
    );
    expect(received.find((m) => m.data.event === 'success')!.data).toMatchObject({
      type: 'bursar:checkout',
      checkout: { id: session.id, status: 'succeeded', total_amount: 2000, currency: 'usd' },
      success_url: `${checkoutOrigin}/checkout/${session.client_secret}/confirmation`,
    });
    await paidOrder(session.id);
    // The frame goes on to the confirmation page, which the same embed_origin may frame.
    await frame.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Checkout' }).waitFor();
    expect(watched.problems).toEqual([]);

    // Framed by any other origin (here 127.0.0.1 instead of localhost), the browser refuses to show the page
    // (frame-ancestors), so nothing reaches that page.
    const other = await checkout({ products: [guide.id], embed_origin: shop });
    await page.goto(`http://127.0.0.1:${port}/?checkout=${encodeURIComponent(other.url)}`);
    await page.waitForFunction('window.frameLoads === 1'); // the frame's navigation ended, here in the browser's error page
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(framed?.url()).toMatch(/^chrome-error:/);
    expect(await page.evaluate('window.received')).toEqual([]);
  } finally {
    await new Promise((resolve) => shopServer.close(resolve));
  }
});

test('expired and completed checkouts say so, accessibly', async () => {
  const guide = await product({ prices: [{ amount_type: 'fixed', price_amount: 700 }] });
  const expired = await checkout({ products: [guide.id] });
  await h.env.sandbox.orm.em
    .fork()
    .execute(`update checkout set expires_at = now() - interval '1 minute' where id = ?`, [expired.id]);
  const watched = await browser.newPage();
  opened.push(watched);
  const { page } = watched;
  await page.goto(expired.url);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This checkout has expired');
  await screenshot(page, 'checkout', '12-expired');
  await expectAccessible(page);

  const done = await checkout({
    products: [guide.id],
    customer_email: 'done@example.com',
    customer_billing_address: { country: 'FR' },
  });
  const confirmed = await h.request('POST', `/v1/checkouts/client/${done.client_secret}/confirm`, {
    environment: 'sandbox',
    json: { confirmation_token_id: 'pm_card_visa' },
  });
  expect(confirmed.status).toBe(200);
  await paidOrder(done.id);
  await page.goto(done.url);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This checkout is already complete');
  await page.getByRole('link', { name: 'See your purchase' }).click();
  await page.waitForURL(`${done.url}/confirmation`);
  await screenshot(page, 'checkout', '13-completed');
  await expectAccessible(page);
});

/** Stripe.js as the page uses it, standing in for the real one (no network here): it records what the page asks of it. */
const FAKE_STRIPE_JS = `
window.stripeCalls = [];
window.Stripe = function (key) {
  window.stripeCalls.push({ call: 'Stripe', key: key });
  return {
    elements: function (options) {
      window.stripeCalls.push({ call: 'elements', options: options });
      return {
        create: function (type) {
          return {
            mount: function (target) {
              var label = document.createElement('label');
              label.textContent = 'Card (hosted by Stripe)';
              label.htmlFor = 'stripe-fake-card';
              var input = document.createElement('input');
              input.id = 'stripe-fake-card';
              target.append(label, input);
            },
            destroy: function () {},
          };
        },
        submit: function () { return Promise.resolve({}); },
        update: function () {},
      };
    },
    createConfirmationToken: function (options) {
      window.stripeCalls.push({ call: 'createConfirmationToken', params: options.params });
      return Promise.resolve({ confirmationToken: { id: 'ctoken_fake_from_stripe' } });
    },
  };
};`;

test("production: the card fields are Stripe's (Elements), and the confirmation carries Stripe's token, never a card number", async () => {
  await h.startWorker('production');
  const guide = await callProduction('POST', '/v1/products/', {
    name: 'Live guide',
    prices: [{ amount_type: 'fixed', price_amount: 1500 }],
  });
  const created = await callProduction('POST', '/v1/checkouts/', {
    products: [guide.body.id],
    customer_billing_address: { country: 'DE' },
  });
  expect(created.status).toBe(201);
  const response = await fetch(created.body.url);
  const csp = response.headers.get('content-security-policy')!;
  expect(csp).toContain("script-src 'self' https://js.stripe.com");
  expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');

  const watched = await browser.newPage();
  opened.push(watched);
  const { page, context } = watched;
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_STRIPE_JS }),
  );
  const confirmations: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/confirm')) confirmations.push(request.postDataJSON());
  });
  await page.goto(created.body.url);
  await page.getByLabel('Card (hosted by Stripe)').waitFor();
  expect(await page.locator('.sandbox-banner').count()).toBe(0);
  expect(await page.locator('#test-cards').count()).toBe(0);
  expect(await page.getByLabel('Card number').count()).toBe(0);
  await page.getByLabel('E-mail').fill('live@example.de');
  await page.getByLabel('Full name').fill('Live Buyer');
  await screenshot(page, 'checkout', '14-production-stripe-elements');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Pay $15.00' }).click();
  // This deployment has no Stripe secret key, so the API refuses the payment: the page says so at the card.
  await page.locator('#card-error').waitFor();
  expect(await page.locator('#card-error').textContent()).toContain('No payment processor is configured');
  expect(confirmations).toEqual([
    expect.objectContaining({ confirmation_token_id: 'ctoken_fake_from_stripe', customer_email: 'live@example.de' }),
  ]);
  expect(JSON.stringify(confirmations)).not.toMatch(/\d{12,}/);
  const calls = (await page.evaluate('window.stripeCalls')) as {
    call: string;
    key?: string;
    options?: any;
    params?: any;
  }[];
  expect(calls[0]).toEqual({ call: 'Stripe', key: STRIPE_KEY });
  expect(calls[1].options).toMatchObject({ mode: 'setup', currency: 'usd', setupFutureUsage: 'off_session' });
  expect(calls[2].params.payment_method_data.billing_details).toEqual({ name: 'Live Buyer', email: 'live@example.de' });
  expect(watched.problems).toEqual([]);
});
