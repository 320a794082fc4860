// The dashboard's signed links: a link names its organization until it expires; anything forged, cut, or signed for the
// other environment names nothing. The range each interval opens with fits the API's limit for that interval.
import { MAX_RANGE } from '../../src/contracts/meter-quantities-range';
import { defaultRange, INTERVALS } from '../../src/web/client/dashboard/dashboard-query';
import { DashboardLinks } from '../../src/web/server/dashboard-link';

const ORG = '0a7f3c2e-8f5b-4c1d-9e2a-6b3d4c5e6f70';
let now = new Date('2026-11-28T07:00:00Z');
const clock = { now: () => now };
const links = (environment = 'sandbox', serverSecret = 'secret-a') =>
  new DashboardLinks({ clock, serverSecret, environment, publicUrl: 'https://sandbox.example.com' });
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

test('a link names its organization for an hour by default, then is expired', () => {
  const { url, expiresAt } = links().link(ORG);
  expect(url).toMatch(/^https:\/\/sandbox\.example\.com\/dashboard\/metrics\?token=/);
  expect(expiresAt.toISOString()).toBe('2026-11-28T08:00:00.000Z');
  expect(links().grantOf(tokenOf(url))).toEqual({ organizationId: ORG });
  now = new Date('2026-11-28T07:59:59Z');
  expect(links().grantOf(tokenOf(url))).toEqual({ organizationId: ORG });
  now = new Date('2026-11-28T08:00:00Z');
  expect(links().grantOf(tokenOf(url))).toEqual({ refused: 'expired' });
  now = new Date('2026-11-28T07:00:00Z');
});

test.each([
  ['no token', () => undefined],
  ['an empty token', () => ''],
  ['another organization', (t: string) => t.replace(ORG, ORG.replace('0a7f', '1a7f'))],
  ['a later expiry', (t: string) => t.replace(/\.(\d+)\./, (_, e: string) => `.${Number(e) + 3600}.`)],
  ['a cut signature', (t: string) => t.slice(0, -1)],
  ['an extra part', (t: string) => `${t}.x`],
  ['a non-numeric expiry', (t: string) => t.replace(/\.(\d+)\./, '.soon.')],
  ['the production key', () => tokenOf(links('production').link(ORG).url)],
  ['another server secret', () => tokenOf(links('sandbox', 'secret-b').link(ORG).url)],
])('%s is not a grant', (_, forge) => {
  expect(links().grantOf(forge(tokenOf(links().link(ORG).url)))).toEqual({ refused: 'invalid' });
});

test.each(INTERVALS)('the range a %s interval opens with is within its limit', (interval) => {
  for (const end of ['2026-11-28', '2026-03-31', '2024-02-29', '2026-01-01']) {
    const range = defaultRange(interval, end);
    const start = new Date(`${range.start_date}T00:00:00Z`);
    expect(range.end_date).toBe(end);
    expect(start.getTime()).toBeLessThan(Date.parse(`${end}T00:00:00Z`));
    expect(Date.parse(`${end}T00:00:00Z`)).toBeLessThan(MAX_RANGE[interval].after(start).getTime());
  }
});
