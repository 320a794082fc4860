// The confirmation (success) page in headless Chromium against the real API and worker of the sandbox: a purchase
// confirmed over HTTP with a test card as the checkout page does, its customer session kept in sessionStorage as the
// checkout page keeps it; then the page shows the purchase, its payment as it becomes paid, the license key and the file
// once granted, the invoice as a PDF and the way into the portal. Without a session it shows the purchase alone; after
// a declined card, the way back to the checkout; a payment still processing after two minutes, a word to come back
// later; an invoice the session can no longer fetch, the refusal. Every state passes axe-core and leaves no script
// error or CSP violation.
import { expectAccessible, launchBrowser, screenshot, type BrowserSession } from '../support/browser';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';
import { upload } from '../support/upload';

let h: TestHarness;
let browser: BrowserSession;
let call: Call;
let product: any;
/** Checkouts whose charge waits for the test (the page is seen while the payment is processing), by checkout id. */
const heldCharges = new Map<string, Promise<void>>();
/** Invoices render once this settles (a test holds them to see the page while it waits). */
let invoicesHeld: Promise<void> = Promise.resolve();

const SCOPES = [
  ...SUBSCRIPTION_SCOPES,
  'benefits:read',
  'benefits:write',
  'license_keys:read',
  'files:read',
  'files:write',
] as const;
const BERLIN = { country: 'DE', line1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117' };
const MANUAL = Buffer.from('%PDF-1.4 the whole manual');

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox', (real) => ({
    ...real,
    async chargeCheckout(checkoutId: string, attempt: number) {
      await heldCharges.get(checkoutId);
      return real.chargeCheckout(checkoutId, attempt);
    },
    async renderInvoice(...args: Parameters<typeof real.renderInvoice>) {
      await invoicesHeld;
      return real.renderInvoice(...args);
    },
  }));
  browser = await launchBrowser();
  const org = await h.organization([...SCOPES], 'sandbox');
  call = (method, path, json) => h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const file = await upload(h, org.token, MANUAL, { environment: 'sandbox', name: 'manual.pdf' });
  expect(file.status).toBe(200);
  const key = await created('/v1/benefits/', {
    type: 'license_keys',
    description: 'Desktop licence',
    properties: { activations: { limit: 3, enable_customer_admin: false } },
  });
  const files = await created('/v1/benefits/', {
    type: 'downloadables',
    description: 'The manual',
    properties: { files: [file.body.id] },
  });
  product = await created('/v1/products/', {
    name: 'Acme Desktop',
    prices: [{ amount_type: 'fixed', price_amount: 4_900 }],
  });
  expect((await call('POST', `/v1/products/${product.id}/benefits`, { benefits: [key.id, files.id] })).status).toBe(
    200,
  );
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

async function created(path: string, json: unknown) {
  const response = await call('POST', path, json);
  expect([response.status, response.body]).toEqual([201, expect.anything()]);
  return response.body;
}

/**
 * A checkout of `productId` confirmed through its client secret with `card`, as the checkout page confirms it; its
 * charge waits for `charge` when one is given.
 */
async function confirmedCheckout(card: string, productId = product.id, charge?: Promise<void>) {
  const checkout = await created('/v1/checkouts/', {
    products: [productId],
    customer_email: `buyer-${Date.now()}-${Math.random()}@example.com`,
    customer_billing_name: 'Ada Lovelace',
    customer_billing_address: BERLIN,
  });
  if (charge) heldCharges.set(checkout.id, charge);
  const confirmed = await h.request('POST', `/v1/checkouts/client/${checkout.client_secret}/confirm`, {
    environment: 'sandbox',
    json: { confirmation_token_id: card },
  });
  expect(confirmed.status).toBe(200);
  return { checkout, confirmed: confirmed.body };
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: 2 }).format(
    amount / 100,
  );

test('a paid purchase: amounts, the payment announced as it becomes paid, the license key and file once granted, the invoice PDF, the portal', async () => {
  let releaseCharge = () => {};
  const charge = new Promise<void>((resolve) => (releaseCharge = resolve));
  const { checkout, confirmed } = await confirmedCheckout('4242424242424242', product.id, charge);
  const token = confirmed.customer_session_token as string;
  expect(token).toMatch(/^bursar_cst_/);
  const { page, context, problems } = await browser.newPage();
  page.setDefaultTimeout(20_000);
  // What the checkout page does before it redirects here: the confirm's session under the checkout's client secret.
  const key = `bursar:checkout-session:${checkout.client_secret}`;
  await context.addInitScript({ content: `sessionStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(token)})` });
  await page.goto(`${checkout.url}/confirmation`);

  // Still charging: the page says so, and keeps asking.
  const status = page.locator('[aria-live="polite"]').first();
  await status.getByText('Processing your payment…').waitFor();
  await page.getByRole('heading', { name: 'Completing your purchase' }).waitFor();
  expect(await page.getByRole('link', { name: 'Open the customer portal' }).count()).toBe(0);
  await expectAccessible(page);
  await screenshot(page, 'confirmation', '00-processing');

  releaseCharge();
  await status.getByText('Payment received: your order is paid.').waitFor();
  await page.getByRole('heading', { name: 'Thank you for your purchase' }).waitFor();
  const summary = page.getByRole('region', { name: 'What you bought' });
  await summary.getByText('Acme Desktop').waitFor();
  const total = summary.getByRole('row', { name: /Total/ });
  expect(await total.textContent()).toContain(money(confirmed.total_amount, confirmed.currency));
  expect(confirmed.total_amount).toBeGreaterThan(0);
  await page.getByRole('region', { name: 'Your order' }).getByText('Paid', { exact: true }).waitFor();
  await expectAccessible(page);
  await screenshot(page, 'confirmation', '01-paid');

  const keys = await h.request('GET', '/v1/customer-portal/license-keys/', { token, environment: 'sandbox' });
  expect(keys.body.items).toHaveLength(1);
  const benefits = page.getByRole('region', { name: 'Your license keys and downloads' });
  await benefits.getByText(keys.body.items[0].key, { exact: true }).waitFor();
  await benefits.getByText('License key for Desktop licence').waitFor();
  const download = benefits.getByRole('link', { name: 'Download manual.pdf' });
  const file = await page.request.get((await download.getAttribute('href'))!);
  expect(Buffer.from(await file.body())).toEqual(MANUAL);
  await expectAccessible(page);
  await screenshot(page, 'confirmation', '02-benefits');

  await page.getByRole('button', { name: 'Get the invoice (PDF)' }).click();
  const invoiceLink = page.getByRole('link', { name: /^Download invoice .+ \(PDF\)$/ });
  await invoiceLink.waitFor({ timeout: 45_000 });
  const linkText = await invoiceLink.textContent();
  await page.waitForFunction(`document.activeElement.textContent === ${JSON.stringify(linkText)}`, undefined, {
    timeout: 5_000,
  }); // focused once rendered
  const invoice = await page.request.get((await invoiceLink.getAttribute('href'))!);
  expect(invoice.headers()['content-type']).toMatch(/^application\/pdf/);
  expect((await invoice.body()).subarray(0, 4).toString()).toBe('%PDF');
  await expectAccessible(page);
  await screenshot(page, 'confirmation', '03-invoice');
  expect(problems).toEqual([]);

  const portal = page.getByRole('link', { name: 'Open the customer portal' });
  const href = new URL((await portal.getAttribute('href'))!, checkout.url);
  expect(href.pathname).toBe(`/portal/${confirmed.organization.slug}`);
  expect(href.searchParams.get('customer_session_token')).toBe(token);
  await portal.click();
  // The portal opened from here: signed in with the confirmation's session (its token gone from the address bar), this order listed.
  await page.waitForURL(
    (url) =>
      url.pathname === `/portal/${confirmed.organization.slug}` && !url.search.includes('customer_session_token'),
  );
  await page.getByText(`Signed in as ${confirmed.customer_email}`).waitFor();
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Acme Desktop', exact: true }) })
    .waitFor();
  await expectAccessible(page);
  await screenshot(page, 'confirmation', '04-portal');
  expect(problems).toEqual([]);
  await context.close();
}, 150_000);

test('without a customer session: the purchase and its payment, but no order details and no portal link', async () => {
  const { checkout, confirmed } = await confirmedCheckout('pm_card_visa');
  const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
  page.setDefaultTimeout(20_000);
  await page.goto(`${checkout.url}/confirmation`);
  await page.getByText('Payment received: your order is paid.').waitFor();
  const summary = page.getByRole('region', { name: 'What you bought' });
  await summary.getByText('Acme Desktop').waitFor();
  expect(await summary.getByRole('row', { name: /Total/ }).textContent()).toContain(
    money(confirmed.total_amount, confirmed.currency),
  );
  expect(await page.getByRole('link', { name: 'Open the customer portal' }).count()).toBe(0);
  expect(await page.getByRole('region', { name: 'Your order' }).count()).toBe(0);
  await expectAccessible(page);
  await screenshot(page, 'confirmation', '05-no-session');
  expect(problems).toEqual([]);
  await context.close();
}, 90_000);

test('a customer session the portal refuses: the purchase, a word about the portal, and no link that would not work', async () => {
  const { checkout } = await confirmedCheckout('pm_card_visa');
  const { page, context, problems } = await browser.newPage();
  page.setDefaultTimeout(20_000);
  const key = `bursar:checkout-session:${checkout.client_secret}`;
  await context.addInitScript({
    content: `sessionStorage.setItem(${JSON.stringify(key)}, 'bursar_cst_not-a-session')`,
  });
  await page.goto(`${checkout.url}/confirmation`);
  await page.getByText('Payment received: your order is paid.').waitFor();
  await page.getByText('Your customer portal session has ended.', { exact: false }).waitFor();
  expect(await page.getByRole('link', { name: 'Open the customer portal' }).count()).toBe(0);
  await expectAccessible(page);
  await screenshot(page, 'confirmation', '06-session-refused');
  expect(problems).toEqual([]);
  await context.close();
}, 90_000);

test('a declined card: the processor’s message and the way back to the checkout, which is open again', async () => {
  const { checkout } = await confirmedCheckout('4000000000000002');
  const { page, context, problems } = await browser.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(`${checkout.url}/confirmation`);
  await page.getByRole('heading', { name: 'Your payment did not go through' }).waitFor();
  await page.getByRole('status').getByText('Your payment was not accepted: Your card was declined.').waitFor();
  const retry = page.getByRole('link', { name: 'Return to the checkout and try again' });
  expect(await retry.getAttribute('href')).toBe(checkout.url);
  await expectAccessible(page);
  await screenshot(page, 'confirmation', '07-declined');
  expect(problems).toEqual([]);
  await retry.click();
  await page.waitForURL(checkout.url);
  await context.close();
}, 90_000);

test('a subscription with a trial: the subscription wording, the trial’s end, no order yet, the portal link', async () => {
  const plan = await created('/v1/products/', {
    name: 'Acme Cloud',
    recurring_interval: 'month',
    prices: [{ amount_type: 'fixed', price_amount: 1_500 }],
    trial_interval: 'day',
    trial_interval_count: 14,
  });
  const { checkout, confirmed } = await confirmedCheckout('4242424242424242', plan.id);
  expect(confirmed.trial_end).not.toBeNull();
  const { page, context, problems } = await browser.newPage();
  page.setDefaultTimeout(20_000);
  const key = `bursar:checkout-session:${checkout.client_secret}`;
  await context.addInitScript({
    content: `sessionStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(confirmed.customer_session_token)})`,
  });
  await page.goto(`${checkout.url}/confirmation`);
  await page.getByText('Your free trial has started.').waitFor();
  const summary = page.getByRole('region', { name: 'What you bought' });
  await summary.getByText(`Subscription: ${money(confirmed.total_amount, confirmed.currency)} every month`).waitFor();
  const trialEnd = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(confirmed.trial_end),
  );
  await summary.getByText(`Your free trial ends on ${trialEnd}.`, { exact: false }).waitFor();
  // No order before the trial ends; the portal is there all the same.
  await page.getByRole('link', { name: 'Open the customer portal' }).waitFor();
  expect(await page.getByRole('region', { name: 'Your order' }).count()).toBe(0);
  await expectAccessible(page);
  await screenshot(page, 'confirmation', '08-trial');
  expect(problems).toEqual([]);
  await context.close();
}, 90_000);

test('a payment still processing after two minutes: the page stops asking and says to refresh it later, which shows the outcome', async () => {
  let releaseCharge = () => {};
  const charge = new Promise<void>((resolve) => (releaseCharge = resolve));
  const { checkout } = await confirmedCheckout('4242424242424242', product.id, charge);
  const { page, context, problems } = await browser.newPage();
  page.setDefaultTimeout(20_000);
  await page.clock.install();
  await page.goto(`${checkout.url}/confirmation`);
  await page.getByText('Processing your payment…').waitFor();
  expect(await page.getByRole('button', { name: 'Refresh the page' }).count()).toBe(0);

  await page.clock.fastForward('02:01');
  await page.getByRole('status').getByText('Your payment is still being processed.', { exact: false }).waitFor();
  await page.getByText('refresh this page later to see whether it went through', { exact: false }).waitFor();
  await expectAccessible(page);
  await screenshot(page, 'confirmation', '09-still-processing');

  releaseCharge();
  const client = () => h.request('GET', `/v1/checkouts/client/${checkout.client_secret}`, { environment: 'sandbox' });
  await eventually(async () => (await client()).body.status === 'succeeded', 30_000);
  await page.getByRole('button', { name: 'Refresh the page' }).click();
  await page.getByText('Payment received: your order is paid.').waitFor();
  expect(problems).toEqual([]);
  await context.close();
}, 90_000);

test('an invoice the customer session can no longer fetch: the refusal is shown, and the button asks again', async () => {
  let releaseInvoices = () => {};
  invoicesHeld = new Promise<void>((resolve) => (releaseInvoices = resolve));
  try {
    const { checkout, confirmed } = await confirmedCheckout('pm_card_visa');
    const token = confirmed.customer_session_token as string;
    const { page, context, problems } = await browser.newPage();
    page.setDefaultTimeout(20_000);
    const key = `bursar:checkout-session:${checkout.client_secret}`;
    await context.addInitScript({
      content: `sessionStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(token)})`,
    });
    await page.goto(`${checkout.url}/confirmation`);
    await page.getByRole('region', { name: 'Your order' }).getByText('Paid', { exact: true }).waitFor();
    // Every benefit granted and shown: the page has stopped asking for them (and for the order, paid), so the invoice is
    // the only thing it still asks for when the session ends. Were the grants still coming (late on a loaded machine),
    // the benefits' next request could meet the revocation first, and the page would rightly replace the whole column
    // with "Your customer portal session has ended" (as for a session refused from the start), never showing this refusal.
    const benefits = page.getByRole('region', { name: 'Your license keys and downloads' });
    await benefits.getByText('License key for Desktop licence').waitFor();
    await benefits.getByRole('link', { name: 'Download manual.pdf' }).waitFor();

    await page.getByRole('button', { name: 'Get the invoice (PDF)' }).click();
    await page.getByRole('button', { name: 'Preparing your invoice…' }).waitFor();
    // The session ends while the invoice is being rendered: the page's next request for it is refused.
    expect(
      (await h.request('DELETE', '/v1/customer-portal/customer-session', { token, environment: 'sandbox' })).status,
    ).toBe(204);
    const refused = await h.request('GET', '/v1/customer-portal/orders/', { token, environment: 'sandbox' });
    expect(refused.status).toBe(401);
    await page.getByRole('alert').getByText(refused.body.detail).waitFor();
    await page.getByRole('button', { name: 'Get the invoice (PDF)' }).waitFor();
    expect(await page.getByRole('button', { name: 'Preparing your invoice…' }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'confirmation', '10-invoice-refused');
    expect(problems).toEqual([]);
    await context.close();
  } finally {
    releaseInvoices();
  }
}, 90_000);
