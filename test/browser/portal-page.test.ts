// The hosted customer portal in headless Chromium against the real API and worker: opened from a session's
// customer_portal_url (orders, invoice, billing details, cancel and uncancel, license key activations), the e-mail code
// login and sign-out, a plan change to another of the organization's plans at the price it shows, storage the browser
// blocks, and a phone-sized screen. Every state is checked by axe-core and saved as a screenshot; after each change the
// focus is where the keyboard expects it and the new state is announced.
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, screenshot, type BrowserSession, type WatchedPage } from '../support/browser';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { waitForMail } from '../support/mail-catcher';
import { purchase } from '../support/purchases';
import { SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';

const SCOPES = [
  ...SUBSCRIPTION_SCOPES,
  'orders:write',
  'customer_sessions:write',
  'benefits:read',
  'benefits:write',
  'license_keys:read',
  'license_keys:write',
] as const;

let h: TestHarness;
let browser: BrowserSession;
let shop: {
  id: string;
  slug: string;
  call: Call;
  handbook: string;
  club: string;
  plus: string;
  licenseBenefit: string;
};

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  browser = await launchBrowser();
  shop = await openShop();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A sandbox shop selling a handbook with a license key, and two monthly plans. */
async function openShop() {
  const org = await h.organization([...SCOPES], 'sandbox');
  const em = h.env.sandbox.orm.em.fork();
  await em.execute('update organization set name = ? where id = ?', ['Lighthouse Books', org.id]);
  const [{ slug }] = await em.execute('select slug from organization where id = ?', [org.id]);
  const call: Call = (method, path, json) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const created = async (path: string, body: unknown) => {
    const response = await call('POST', path, body);
    expect(response.status).toBe(201);
    return response.body.id as string;
  };
  const licenseBenefit = await created('/v1/benefits/', {
    type: 'license_keys',
    description: 'Handbook app licence',
    properties: { activations: { limit: 3, enable_customer_admin: true } },
  });
  const handbook = await created('/v1/products/', {
    name: 'Lighthouse Handbook',
    prices: [{ amount_type: 'fixed', price_amount: 1500 }],
  });
  expect((await call('POST', `/v1/products/${handbook}/benefits`, { benefits: [licenseBenefit] })).status).toBe(200);
  const monthly = (name: string, amount: number) =>
    created('/v1/products/', {
      name,
      recurring_interval: 'month',
      prices: [{ amount_type: 'fixed', price_amount: amount }],
    });
  const [club, plus] = [await monthly('Keepers Club', 900), await monthly('Keepers Club Plus', 1900)];
  return { id: org.id, slug: slug as string, call, handbook, club, plus, licenseBenefit };
}

/** A paid order of `productId` by `email`, bought through a real checkout from Germany. */
const buy = (productId: string, email: string) =>
  purchase(h, shop.call, { products: [productId], customer_email: email, customer_billing_address: { country: 'DE' } });

async function portalSession(customerId: string): Promise<{ token: string; customer_portal_url: string }> {
  const session = await shop.call('POST', '/v1/customer-sessions/', { customer_id: customerId });
  expect(session.status).toBe(201);
  return session.body;
}

async function open(options?: { viewport: { width: number; height: number } }): Promise<WatchedPage> {
  const watched = await browser.newPage(options);
  contexts.push(watched.context);
  watched.page.setDefaultTimeout(20_000);
  return watched;
}

/** A step: no serious accessibility violation in the page as it is, and its screenshot. */
async function step(page: Page, name: string) {
  await expectAccessible(page);
  await screenshot(page, 'portal', name);
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: 2 }).format(
    amount / 100,
  );
const textOf = async (locator: Locator) => (await locator.waitFor(), (await locator.textContent())?.trim());
/** The accessible name of the element that has the focus (its text, or its aria-label). */
const focused = (page: Page) =>
  page.evaluate(`document.activeElement.getAttribute('aria-label') || document.activeElement.textContent.trim()`);
/** Waits until `read` gives `expected` (or a text matching it), else fails showing the last value read. */
async function settles(read: () => Promise<unknown>, expected: string | RegExp) {
  let last: unknown;
  const matches = () => (typeof expected === 'string' ? last === expected : expected.test(String(last)));
  await eventually(async () => ((last = await read()), matches()), 5_000).catch(() => undefined);
  if (typeof expected === 'string') expect(last).toBe(expected);
  else expect(String(last)).toMatch(expected);
}
const itemWith = (page: Page, heading: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

test('from a customer_portal_url: orders, an invoice, billing details, cancel and uncancel, an activation deactivated', async () => {
  const email = `ada-${randomUUID()}@example.com`;
  const handbookOrder = await buy(shop.handbook, email);
  const clubOrder = await buy(shop.club, email);
  expect(clubOrder.customer_id).toBe(handbookOrder.customer_id);
  const customerId = handbookOrder.customer_id as string;
  const key = await eventually(
    async () => (await shop.call('GET', `/v1/license-keys/?benefit_id=${shop.licenseBenefit}`)).body.items[0],
    30_000,
  );
  const activated = await h.request('POST', '/v1/customer-portal/license-keys/activate', {
    environment: 'sandbox',
    json: { key: key.key, organization_id: shop.id, label: 'Ada laptop' },
  });
  expect(activated.status).toBe(200);
  const session = await portalSession(customerId);
  const { page, problems } = await open();

  // Orders: the token leaves the address bar at once; both orders with their amounts and status.
  await page.goto(session.customer_portal_url);
  await itemWith(page, 'Lighthouse Handbook')
    .getByText(money(handbookOrder.total_amount, handbookOrder.currency))
    .waitFor();
  expect(page.url()).toBe(`${h.url.sandbox}/portal/${shop.slug}`);
  expect(await page.evaluate(`sessionStorage.getItem('bursar:portal-session:${shop.slug}')`)).toBe(session.token);
  await itemWith(page, 'Keepers Club').getByText(money(clubOrder.total_amount, clubOrder.currency)).waitFor();
  await itemWith(page, 'Lighthouse Handbook').getByText('Paid').waitFor();
  await step(page, '01-orders');

  // The invoice: the order has no billing name yet, so the page asks for it, sets it, then shows the PDF's link.
  const handbookItem = itemWith(page, 'Lighthouse Handbook');
  await handbookItem.getByRole('button', { name: 'Get invoice' }).click();
  await handbookItem.getByLabel('Billing name').fill('Ada Lovelace');
  await handbookItem.getByLabel('Address', { exact: true }).fill('Unter den Linden 1');
  await handbookItem.getByLabel('Postal code').fill('10117');
  await handbookItem.getByLabel('City').fill('Berlin');
  expect(await handbookItem.getByLabel('Country').isDisabled()).toBe(true);
  await step(page, '02-invoice-details');
  await handbookItem.getByRole('button', { name: 'Save and get invoice' }).click();
  const invoiceLink = handbookItem.getByRole('link', { name: /^Download invoice / });
  await invoiceLink.waitFor({ timeout: 45_000 });
  const invoice = Buffer.from(
    await (await fetch(new URL((await invoiceLink.getAttribute('href'))!, page.url()))).arrayBuffer(),
  );
  expect(invoice.subarray(0, 4).toString()).toBe('%PDF');
  expect((await shop.call('GET', `/v1/orders/${handbookOrder.id}`)).body).toMatchObject({
    billing_name: 'Ada Lovelace',
    is_invoice_generated: true,
  });
  await handbookItem.getByRole('button', { name: 'Get receipt' }).click();
  const receiptLink = handbookItem.getByRole('link', { name: /^Download receipt / });
  const receipt = Buffer.from(
    await (await fetch(new URL((await receiptLink.getAttribute('href'))!, page.url()))).arrayBuffer(),
  );
  expect(receipt.subarray(0, 4).toString()).toBe('%PDF');
  await step(page, '03-invoice-ready');

  // Billing details: a tax ID that does not fit the country is refused at its field, with the API's message.
  await page.getByRole('button', { name: 'Billing details', exact: true }).click();
  await page.getByLabel('Billing name').fill('Ada Lovelace Ltd');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Tax ID').fill('GB123');
  await page.getByRole('button', { name: 'Save billing details' }).click();
  const refused = await h.request('PATCH', '/v1/customer-portal/customers/me', {
    environment: 'sandbox',
    token: session.token,
    json: { billing_name: 'Ada Lovelace Ltd', billing_address: { country: 'GB', city: 'London' }, tax_id: 'GB123' },
  });
  expect([refused.status, refused.body.detail[0].loc]).toEqual([422, ['body', 'tax_id']]);
  expect(await textOf(page.locator('#billing-tax-id-error'))).toBe(refused.body.detail[0].msg);
  expect(await page.getByLabel('Tax ID').getAttribute('aria-invalid')).toBe('true');
  await step(page, '04-billing-refused');
  await page.getByLabel('Tax ID').fill('GB980780684');
  await page.getByRole('button', { name: 'Save billing details' }).click();
  await page.getByText('Your billing details are saved.').waitFor();
  await page.locator('#billing-tax-id-error').waitFor({ state: 'detached' });
  expect((await shop.call('GET', `/v1/customers/${customerId}`)).body).toMatchObject({
    billing_name: 'Ada Lovelace Ltd',
    billing_address: { country: 'GB', city: 'London' },
    tax_id: ['GB980780684', 'gb_vat'],
  });
  await step(page, '05-billing-saved');

  // Subscriptions: canceled at period end with a reason, then kept after all.
  await page.getByRole('button', { name: 'Subscriptions', exact: true }).click();
  const club = itemWith(page, 'Keepers Club');
  await club.getByText(/^Renews on /).waitFor();
  await club.getByRole('button', { name: 'Cancel subscription' }).click();
  await club.getByLabel('Reason (optional)').waitFor();
  await settles(
    () => page.evaluate('document.activeElement.id'),
    (await club.getByLabel('Reason (optional)').getAttribute('id'))!,
  ); // focused once rendered
  await club.getByLabel('Reason (optional)').selectOption('too_expensive');
  await step(page, '06-cancel-form');
  await club.getByRole('button', { name: 'Cancel at period end' }).click();
  await club.getByRole('button', { name: 'Keep my subscription' }).waitFor();
  await club.getByText(/^Ends on /).waitFor();
  await club
    .getByRole('status')
    .getByText(/^Subscription canceled: it ends on /)
    .waitFor();
  await settles(() => focused(page), 'Keep my subscription');
  const subscriptionPath = `/v1/subscriptions/${clubOrder.subscription_id}`;
  expect((await shop.call('GET', subscriptionPath)).body).toMatchObject({
    cancel_at_period_end: true,
    customer_cancellation_reason: 'too_expensive',
  });
  await step(page, '07-canceled');
  await club.getByRole('button', { name: 'Keep my subscription' }).click();
  await club.getByRole('button', { name: 'Cancel subscription' }).waitFor();
  await club
    .getByRole('status')
    .getByText(/^Subscription kept: it renews on /)
    .waitFor();
  await settles(() => focused(page), 'Cancel subscription');
  expect((await shop.call('GET', subscriptionPath)).body).toMatchObject({
    cancel_at_period_end: false,
    canceled_at: null,
  });
  await step(page, '08-uncanceled');

  // License keys: the key with its activation, deactivated from the page.
  await page.getByRole('button', { name: 'License keys', exact: true }).click();
  await page.getByText(key.key).waitFor();
  await page.getByText('1 of 3 activations').waitFor();
  await step(page, '09-license-key');
  await page.getByRole('button', { name: 'Deactivate Ada laptop' }).click();
  await page.getByText('0 of 3 activations').waitFor();
  await page.getByRole('button', { name: 'Deactivate Ada laptop' }).waitFor({ state: 'detached' });
  await page.getByRole('status').getByText('Ada laptop is deactivated.').waitFor();
  await settles(() => focused(page), /^Used 0 times · 0 of 3 activations/);
  expect((await shop.call('GET', `/v1/license-keys/${key.id}`)).body.activations).toEqual([]);
  await step(page, '10-deactivated');

  // The sections with nothing in them say so.
  await page.getByRole('button', { name: 'Downloads', exact: true }).click();
  await page.getByText('You have no files to download.').waitFor();
  await page.getByRole('button', { name: 'Usage', exact: true }).click();
  await page.getByText('You have no usage meters.').waitFor();
  await step(page, '11-usage-empty');

  // The billing history: each fact with its cause, and the subscription's next renewal as its flow reports it.
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await page.getByRole('heading', { name: 'Billing history' }).waitFor();
  const history = page.getByRole('list', { name: 'Billing history' });
  await history.getByText('Cancellation withdrawn').waitFor();
  await history.getByText(/^Set to cancel on /).waitFor();
  expect(await history.getByText(/^Order paid: /).count()).toBeGreaterThanOrEqual(2);
  await history.getByText('Requested: subscription uncancel').first().waitFor();
  await page
    .getByRole('list', { name: 'Coming next' })
    .getByText(/^Next renewal: /)
    .waitFor();
  await step(page, '12-history');
  expect(problems).toEqual([]);
});

test('the e-mail code login: a wrong code refused, the right one signs in to the orders, sign-out returns to the login', async () => {
  const email = `grace-${randomUUID()}@example.com`;
  await buy(shop.handbook, email);
  const { page, problems } = await open();

  await page.goto(`${h.url.sandbox}/portal/${shop.slug}`);
  await page.getByLabel('Email').fill(email);
  await step(page, '20-login');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByLabel('Code from the e-mail').waitFor();
  await settles(() => page.evaluate('document.activeElement.id'), 'portal-code');
  const codeIn = (subject: string) => /\b([A-Z0-9]{6})\b is your/.exec(subject)?.[1];
  const code = codeIn((await waitForMail(email, (mail) => Boolean(codeIn(mail.subject)))).subject)!;

  await page.getByLabel('Code from the e-mail').fill(code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  expect(await textOf(page.locator('#portal-code-error'))).toBe(
    'This code is not valid. Check the latest e-mail, or ask for a new code.',
  );
  await step(page, '21-wrong-code');

  await page.getByLabel('Code from the e-mail').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await itemWith(page, 'Lighthouse Handbook').waitFor();
  await page.getByText(`Signed in as ${email}`).waitFor();
  await step(page, '22-signed-in');

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(await page.evaluate(`sessionStorage.getItem('bursar:portal-session:${shop.slug}')`)).toBeNull();
  await page.reload();
  await page.getByRole('button', { name: 'Send me a code' }).waitFor();
  expect(problems).toEqual([]);
});

test('a plan change: the organization’s other plan with its price, the billing said, confirmed, then charged', async () => {
  const email = `cy-${randomUUID()}@example.com`;
  const clubOrder = await buy(shop.club, email);
  const session = await portalSession(clubOrder.customer_id);
  const { page, problems } = await open();

  await page.goto(session.customer_portal_url);
  await page.getByRole('button', { name: 'Subscriptions', exact: true }).click();
  const club = itemWith(page, 'Keepers Club');
  // Only the organization's plans besides this one: the one-time handbook is not a plan.
  const plans = club.getByLabel('Change plan to');
  await plans.waitFor();
  expect(await plans.locator('option').allTextContents()).toEqual([
    `Keepers Club Plus — ${money(1900, 'usd')} every month`,
  ]);
  await club.getByRole('button', { name: 'Change plan' }).click();
  const question = club.getByRole('group', {
    name: `Switch to Keepers Club Plus for ${money(1900, 'usd')} every month?`,
  });
  await question
    .getByText('you are charged the prorated difference for the rest of this billing period now', { exact: false })
    .waitFor();
  await settles(() => focused(page), 'Switch to Keepers Club Plus');
  expect((await shop.call('GET', `/v1/subscriptions/${clubOrder.subscription_id}`)).body.product_id).toBe(shop.club); // nothing changed yet
  await step(page, '12-plan-change');

  // Not now: the form again, with the focus on the plan; then confirmed.
  await question.getByRole('button', { name: 'Don’t change' }).click();
  await settles(() => page.evaluate('document.activeElement.id'), `plan-${clubOrder.subscription_id}-product`);
  await club.getByRole('button', { name: 'Change plan' }).click();
  await club.getByRole('button', { name: 'Switch to Keepers Club Plus' }).click();
  const plus = itemWith(page, 'Keepers Club Plus');
  await plus.getByRole('status').getByText('Your plan is now Keepers Club Plus.').waitFor();
  await settles(() => focused(page), 'Keepers Club Plus');
  await plus.getByText(money(1900, 'usd')).waitFor();
  expect((await shop.call('GET', `/v1/subscriptions/${clubOrder.subscription_id}`)).body).toMatchObject({
    product_id: shop.plus,
    pending_update: null,
  });
  const orders = (await shop.call('GET', `/v1/orders/?subscription_id=${clubOrder.subscription_id}&limit=100`)).body
    .items;
  expect(
    orders.find((order: { billing_reason: string }) => order.billing_reason === 'subscription_update'),
  ).toMatchObject({ paid: true });
  await plus.getByLabel('Change plan to').waitFor(); // now the club is the other plan
  expect(await plus.getByLabel('Change plan to').locator('option').allTextContents()).toEqual([
    `Keepers Club — ${money(900, 'usd')} every month`,
  ]);
  await step(page, '13-plan-changed');
  expect(problems).toEqual([]);
});

test('with storage blocked by the browser, the portal still opens from its link, for as long as the page stays', async () => {
  const order = await buy(shop.handbook, `blocked-${randomUUID()}@example.com`);
  const session = await portalSession(order.customer_id);
  const { page, context, problems } = await open();
  await context.addInitScript({
    content: `Object.defineProperty(window, 'sessionStorage', { get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });`,
  });

  await page.goto(session.customer_portal_url);
  await itemWith(page, 'Lighthouse Handbook').getByText(money(order.total_amount, order.currency)).waitFor();
  expect(page.url()).toBe(`${h.url.sandbox}/portal/${shop.slug}`);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(problems).toEqual([]);
});

test('on a phone-sized screen the orders fit without horizontal scrolling', async () => {
  const order = await buy(shop.club, `phone-${randomUUID()}@example.com`);
  const session = await portalSession(order.customer_id);
  const { page, problems } = await open({ viewport: { width: 390, height: 844 } });

  await page.goto(session.customer_portal_url);
  await itemWith(page, 'Keepers Club').getByText(money(order.total_amount, order.currency)).waitFor();
  expect(await page.evaluate('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(390);
  await step(page, '30-phone-orders');
  expect(problems).toEqual([]);
});
