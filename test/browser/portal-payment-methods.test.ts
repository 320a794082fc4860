// The portal's payment methods in headless Chromium against the real API and worker: the card a checkout saved, a
// sandbox test card whose bank asks for authentication added and confirmed, the default changed, a card removed, and
// the last card a subscription needs refused. Every state is checked by axe-core and saved as a screenshot.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expectAccessible, launchBrowser, screenshot, type BrowserSession } from '../support/browser';
import { startHarness, type TestHarness } from '../support/harness';
import { purchase } from '../support/purchases';
import { SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';

let h: TestHarness;
let browser: BrowserSession;
let call: Call;

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  browser = await launchBrowser();
  const org = await h.organization([...SUBSCRIPTION_SCOPES, 'customer_sessions:write'], 'sandbox');
  call = (method, path, json) => h.request(method, path, { token: org.token, environment: 'sandbox', json });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

async function step(page: Page, name: string) {
  await expectAccessible(page);
  await screenshot(page, 'portal', name);
}

test('list, add with authentication, make default, remove, and the last card of a subscription kept', async () => {
  const plan = await call('POST', '/v1/products/', {
    name: 'Keepers Club',
    recurring_interval: 'month',
    prices: [{ amount_type: 'fixed', price_amount: 900 }],
  });
  const order = await purchase(h, call, {
    products: [plan.body.id],
    customer_email: `m-${randomUUID()}@example.com`,
    customer_billing_address: { country: 'DE' },
  });
  const session = await call('POST', '/v1/customer-sessions/', { customer_id: order.customer_id });
  const { page, context } = await browser.newPage();
  try {
    page.setDefaultTimeout(20_000);
    await page.goto(session.body.customer_portal_url);
    await page.getByRole('button', { name: 'Payment methods' }).click();
    const list = page.getByRole('list', { name: 'Payment methods' });
    const items = list.getByRole('listitem');
    const year = new Date().getUTCFullYear() + 1;
    await items
      .filter({ hasText: `Visa ending in 4242, expires 12/${year}` })
      .getByText('Default')
      .waitFor();
    await step(page, 'payment-methods');

    await page.getByLabel('Card number').fill('4000 0027 6000 3184');
    await page.getByLabel('Expiry').fill('12 / 30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Add card' }).click();
    await page.getByText('Your bank asks you to confirm this card').waitFor();
    await step(page, 'payment-methods-needs-action');
    await page.getByRole('button', { name: 'I confirmed it with my bank' }).click();
    await page.getByText('The card is saved.').waitFor();
    const added = items.filter({ hasText: 'ending in 3184' });
    await added.getByText('Default').waitFor();
    expect(await items.count()).toBe(2);

    const original = items.filter({ hasText: 'ending in 4242' });
    await original.getByRole('button', { name: 'Make default' }).click();
    await page.getByText('Your subscriptions are now charged to this payment method.').waitFor();
    await original.getByText('Default').waitFor();
    await added.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('The payment method is removed.').waitFor();
    await added.waitFor({ state: 'detached' });
    await step(page, 'payment-methods-removed');

    await original.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alert').filter({ hasText: 'running subscription' }).waitFor();
    expect(await items.count()).toBe(1);
    await step(page, 'payment-methods-kept');
  } finally {
    await context.close();
  }
});
