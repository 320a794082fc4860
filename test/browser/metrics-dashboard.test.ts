// The metrics dashboard in headless Chromium: a sandbox shop sells plans in two currencies and a handbook, one plan is
// revoked; `bursar dashboard`'s link opens the page, whose charts and tables show what GET /v1/metrics/ answers for
// the same query, under the pages' CSP and with no axe violation. The interval and currency pickers reload the
// figures; an expired or forged link is refused with the page's message. SCREENSHOT=1 saves docs/metrics-dashboard.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { dashboardLink } from '../../src/app/cli-dashboard';
import type { MetricsResponse } from '../../src/contracts/metrics';
import { expectAccessible, launchBrowser, screenshot, type BrowserSession } from '../support/browser';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { purchase } from '../support/purchases';
import { advance, subscribe, SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';

let h: TestHarness;
let browser: BrowserSession;
let shop: { id: string; slug: string; call: Call };

jest.setTimeout(180_000);

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  browser = await launchBrowser();
  const org = await h.organization([...SUBSCRIPTION_SCOPES, 'organizations:write', 'metrics:read'], 'sandbox');
  const em = h.env.sandbox.orm.em.fork();
  await em.execute('update organization set name = ? where id = ?', ['Harbour Tools', org.id]);
  const [{ slug }] = await em.execute('select slug from organization where id = ?', [org.id]);
  const call: Call = (method, path, json) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const settings = await call('PATCH', `/v1/organizations/${org.id}`, {
    default_presentment_currency: 'usd',
    currency_by_country: { DE: 'eur' },
  });
  expect(settings.status).toBe(200);
  shop = { id: org.id, slug: slug as string, call };
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

async function product(body: Record<string, unknown>): Promise<string> {
  const created = await shop.call('POST', '/v1/products/', body);
  expect(created.status).toBe(201);
  return created.body.id;
}

const usd = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(amount / 100);
const eur = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(amount / 100);

/** The 15th, noon UTC, `months` months before this one. */
function monthsAgo(months: number): string {
  const day = new Date();
  day.setUTCDate(15);
  day.setUTCMonth(day.getUTCMonth() - months);
  day.setUTCHours(12, 0, 0, 0);
  return day.toISOString();
}

/** The page's next read of its figures: what it asked for and what it got. */
async function nextData(page: Page, act: () => Promise<unknown>) {
  const [response] = await Promise.all([
    page.waitForResponse((r: Response) => new URL(r.url()).pathname === '/dashboard/metrics/data'),
    act(),
  ]);
  expect(response.status()).toBe(200);
  const params = new URL(response.url()).searchParams;
  return { params, body: (await response.json()) as MetricsResponse };
}

/** GET /v1/metrics/ with the page's own query (its token left out). */
async function apiMetrics(params: URLSearchParams): Promise<MetricsResponse> {
  const query = new URLSearchParams(params);
  query.delete('token');
  const answer = await shop.call('GET', `/v1/metrics/?${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

const cell = (page: Page, chart: string, metric: string) =>
  page.locator(`figure[data-chart="${chart}"] tbody tr:last-child td[data-metric="${metric}"]`);

test('the link opens the charts of what the API answers; the pickers reload them; the page passes axe', async () => {
  const starter = await product({
    name: 'Starter',
    recurring_interval: 'month',
    prices: [
      { amount_type: 'fixed', price_amount: 900, price_currency: 'usd' },
      { amount_type: 'fixed', price_amount: 800, price_currency: 'eur' },
    ],
  });
  const pro = await product({
    name: 'Pro',
    recurring_interval: 'month',
    prices: [
      { amount_type: 'fixed', price_amount: 2900, price_currency: 'usd' },
      { amount_type: 'fixed', price_amount: 2500, price_currency: 'eur' },
    ],
  });
  const handbook = await product({ name: 'Handbook', prices: [{ amount_type: 'fixed', price_amount: 1500 }] });
  const buy = (id: string, country: string) =>
    purchase(h, shop.call, { products: [id], customer_billing_address: { country } }, { timeoutMs: 45_000 });
  const revoked = await buy(starter, 'GB');
  await buy(starter, 'GB');
  await buy(pro, 'GB');
  await buy(handbook, 'GB');
  const german = await buy(pro, 'DE');
  expect(german.currency).toBe('eur');
  expect((await shop.call('DELETE', `/v1/subscriptions/${revoked.subscription_id}`)).status).toBe(200);
  // Two earlier subscribers on test clocks (their facts are at their clocks' times); the first one renews once.
  const earlier = [
    { start: monthsAgo(9), price: 1200 },
    { start: monthsAgo(5), price: 2900 },
  ];
  const [first] = await Promise.all(earlier.map((plan) => subscribe(h, shop.call, { ...plan, country: 'GB' })));
  await advance(shop.call, first.clockId, new Date(Date.parse(monthsAgo(8)) + 86_400_000).toISOString());
  const day = new Date().toISOString().slice(0, 10);
  await eventually(async () => {
    const now = await shop.call('GET', `/v1/metrics/?start_date=${day}&end_date=${day}&interval=day`);
    return now.body.totals?.churned_subscriptions === 1 && now.body.totals.monthly_recurring_revenue === 3800 + 4100;
  }, 30_000);

  const { url } = await dashboardLink(h.env.sandbox.config, 'sandbox', shop.slug);
  expect(url).toMatch(new RegExp(`^${h.url.sandbox}/dashboard/metrics\\?token=${shop.id}\\.\\d+\\.[\\w-]{43}$`));
  const { page, problems, context } = await browser.newPage();
  page.setDefaultTimeout(20_000);
  try {
    // Twelve months to today, in the organization's default currency: the page's numbers are the API's.
    const first = await nextData(page, () => page.goto(url));
    expect(first.params.get('interval')).toBe('month');
    expect(first.body).toEqual(await apiMetrics(first.params));
    expect(first.body.periods).toHaveLength(12);
    expect(page.url()).toBe(`${h.url.sandbox}/dashboard/metrics`); // the token leaves the address bar
    await page.getByRole('heading', { name: 'Harbour Tools: metrics' }).waitFor();
    const last = first.body.periods.at(-1)!;
    expect([last.monthly_recurring_revenue, last.new_mrr, last.churned_mrr]).toEqual([7900, 4700, 900]);
    // Month by month, the MRR of the subscribers who had started by the month's end (the earlier two, then today's).
    const ends = first.body.periods.map((_, i, all) => Date.parse(all[i + 1]?.timestamp ?? '9999-01-01'));
    const started = (start: string, price: number, end: number) => (Date.parse(start) < end ? price : 0);
    expect(first.body.periods.map((period) => period.monthly_recurring_revenue)).toEqual(
      ends.map((end, i) =>
        earlier.reduce((sum, plan) => sum + started(plan.start, plan.price, end), i === 11 ? 3800 : 0),
      ),
    );
    expect(first.body.periods.filter((period) => period.renewed_subscriptions > 0)).toHaveLength(1);
    expect(await cell(page, 'mrr', 'monthly_recurring_revenue').textContent()).toBe(usd(7900));
    expect(await cell(page, 'mrr', 'churned_mrr').textContent()).toBe(usd(900));
    expect(await cell(page, 'revenue', 'revenue').textContent()).toBe(usd(last.revenue));
    expect(await cell(page, 'subscriptions', 'active_subscriptions').textContent()).toBe('5'); // counts: every currency
    expect(await cell(page, 'churn', 'churn_rate').textContent()).toBe(
      new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 2 }).format(last.churn_rate),
    );
    expect(await page.locator('[data-total="monthly_recurring_revenue"]').textContent()).toBe(usd(7900));
    // Each chart is drawn (SVG, one point of the MRR line per period) and named for screen readers.
    const points = page.locator('figure[data-chart="mrr"] .chart svg .mark-symbol.role-mark path');
    await points.nth(11).waitFor({ state: 'attached' });
    expect(await points.count()).toBe(12);
    const named = page.getByRole('img', { name: /^Monthly recurring revenue and its movements \(USD\), chart/ });
    expect(await named.getAttribute('class')).toBe('chart');
    expect(await page.locator('figure .chart svg').count()).toBe(4);
    await page.locator('figure[data-chart="mrr"] summary').click();
    await expectAccessible(page);
    await screenshot(page, 'dashboard', '01-months-usd');
    if (process.env.SCREENSHOT === '1') {
      const docs = join(__dirname, '..', '..', 'docs');
      mkdirSync(docs, { recursive: true });
      await page.locator('figure[data-chart="mrr"] summary').click(); // the picture shows the charts, tables closed
      await page.screenshot({ path: join(docs, 'metrics-dashboard.png'), fullPage: true });
      await page.locator('figure[data-chart="mrr"] summary').click();
    }

    // The interval picker asks again: 30 days, one row per day, the last day's MRR the same.
    const daily = await nextData(page, () => page.getByLabel('Interval').selectOption('day'));
    expect(daily.params.get('interval')).toBe('day');
    expect(daily.body).toEqual(await apiMetrics(daily.params));
    expect(daily.body.periods).toHaveLength(30);
    await page.locator('figure[data-chart="mrr"] tbody tr').nth(29).waitFor({ state: 'attached' });
    expect(await page.locator('figure[data-chart="mrr"] tbody tr').count()).toBe(30);
    expect(await cell(page, 'mrr', 'monthly_recurring_revenue').textContent()).toBe(usd(7900));

    // Two currencies sold: the currency picker shows the euro figures alone.
    expect(Object.keys(daily.body.currencies).sort()).toEqual(['eur', 'usd']);
    const euros = await nextData(page, () => page.getByLabel('Currency').selectOption('eur'));
    expect(euros.params.get('currency')).toBe('eur');
    expect(euros.body).toEqual(await apiMetrics(euros.params));
    await page.getByRole('heading', { name: 'Monthly recurring revenue and its movements (EUR)' }).waitFor();
    expect(await cell(page, 'mrr', 'monthly_recurring_revenue').textContent()).toBe(eur(2500));
    await expectAccessible(page);
    await screenshot(page, 'dashboard', '02-days-eur');
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

test('an expired or forged link is refused with the page, and its data with the API error shape', async () => {
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  const { url } = await dashboardLink(h.env.sandbox.config, 'sandbox', shop.id, 1);
  const token = tokenOf(url);
  const valid = tokenOf((await dashboardLink(h.env.sandbox.config, 'sandbox', shop.id)).url);
  const forged = `${valid.slice(0, -2)}${valid.endsWith('AA') ? 'BB' : 'AA'}`;
  const data = (t: string, query = 'start_date=2026-01-01&end_date=2026-01-31&interval=day') =>
    fetch(`${h.url.sandbox}/dashboard/metrics/data?token=${encodeURIComponent(t)}&${query}`);
  // A valid link with a bad query: the contract's 422 in the API's error shape.
  const bad = await data(valid, 'start_date=2026-01-01&end_date=2026-12-31&interval=hour');
  expect(bad.status).toBe(422);
  expect(((await bad.json()) as { detail: unknown[] }).detail[0]).toMatchObject({ loc: ['query', 'end_date'] });
  expect((await data(valid)).status).toBe(200);

  const { page, context } = await browser.newPage();
  try {
    const forgedPage = await page.goto(`${h.url.sandbox}/dashboard/metrics?token=${encodeURIComponent(forged)}`);
    expect(forgedPage?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect((await data(forged)).status).toBe(404);
    expect((await fetch(`${h.url.sandbox}/dashboard/metrics`)).status).toBe(404);

    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const expired = await page.goto(url);
    expect(expired?.status()).toBe(403);
    await page.getByRole('heading', { name: 'This dashboard link has expired' }).waitFor();
    await expectAccessible(page);
    const refused = await data(token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'NotPermitted', status: 403 });
  } finally {
    await context.close();
  }
});
