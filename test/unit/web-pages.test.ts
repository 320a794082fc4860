// The hosted pages' pure parts: money as the buyer reads and types it, strings by locale, the CSP, and the page shell.
import { contentSecurityPolicy } from '../../src/web/server/content-security-policy';
import { messagePage, pageShell } from '../../src/web/server/page-shell';
import type { WebBundle } from '../../src/web/server/web-bundle';
import { formatMoney, parseMoney } from '../../src/web/client/shared/format';
import { pageLocale, translate } from '../../src/web/client/strings';

const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

test.each([
  // amount (minor units), currency, locale, shown
  [1999, 'eur', 'en', '€19.99'],
  [1999, 'usd', 'en-US', '$19.99'],
  [100000, 'usd', 'en-US', '$1,000.00'],
  [123450, 'eur', 'de-DE', nbsp('1.234,50 €')],
  [5, 'eur', 'en', '€0.05'],
  [0, 'eur', 'en', '€0.00'],
  [500, 'jpy', 'en', '¥500'],
  [150000, 'huf', 'en', nbsp('HUF 1,500.00')], // two decimals in the API (and on the invoice), whatever Intl says
  [1234, 'isk', 'en', nbsp('ISK 12.34')],
  [1234, 'kwd', 'en', nbsp('KWD 1.234')], // three decimals: 1234 fils
  [5, 'bhd', 'en', nbsp('BHD 0.005')],
  [1500, 'krw', 'ko-KR', '₩1,500'],
  [-250, 'gbp', 'en', '-£2.50'],
])('formatMoney(%d, %s, %s) = %s', (amount, currency, locale, shown) => {
  expect(formatMoney(amount, currency, locale)).toBe(shown);
});

test.each([
  // typed, currency, minor units (null: not an amount)
  ['12', 'eur', 1200],
  ['12.5', 'eur', 1250],
  ['12.50', 'eur', 1250],
  ['12,05', 'eur', 1205],
  [' 7.1 ', 'usd', 710],
  ['0.01', 'usd', 1],
  ['12.345', 'eur', null],
  ['-5', 'eur', null],
  ['1e3', 'eur', null],
  ['', 'eur', null],
  ['abc', 'eur', null],
  ['500', 'jpy', 500],
  ['500.5', 'jpy', null],
  ['1.23', 'kwd', 1230],
  ['1.234', 'kwd', 1234],
  ['1.2345', 'kwd', null],
  ['1500', 'huf', 150000],
])('parseMoney(%p, %s) = %p', (typed, currency, minor) => {
  expect(parseMoney(typed, currency)).toBe(minor);
});

test('strings: placeholders are filled, unknown locales fall back to English', () => {
  expect(pageLocale('en-US')).toBe('en');
  expect(pageLocale('xx')).toBe('en');
  expect(pageLocale(null)).toBe('en');
  expect(translate('en', 'checkout.perInterval', { amount: '€9.00', interval: 'every month' })).toBe(
    '€9.00 every month',
  );
  expect(translate('en', 'checkout.perInterval', { amount: '€9.00' })).toBe('€9.00 {interval}'); // a missing parameter stays visible
  expect(translate('fr', 'title.checkout')).toBe('Checkout');
});

test.each([
  [
    { embedOrigin: null, mediaOrigin: null, stripe: false },
    "frame-ancestors 'none'",
    ["'unsafe-inline'", 'stripe.com'],
  ],
  [
    { embedOrigin: 'https://shop.example.com/buy?x=1', mediaOrigin: null, stripe: false },
    'frame-ancestors https://shop.example.com',
    ['/buy'],
  ],
  [
    { embedOrigin: "javascript:alert('x')", mediaOrigin: null, stripe: false },
    "frame-ancestors 'none'",
    ['javascript'],
  ],
  [
    { embedOrigin: "https://a.example; script-src 'unsafe-inline'", mediaOrigin: null, stripe: false },
    "frame-ancestors 'none'",
    ['unsafe-inline'],
  ],
  [
    { embedOrigin: null, mediaOrigin: 'https://media.example.com/bucket', stripe: false },
    "img-src 'self' data: https://media.example.com;",
    [],
  ],
  [{ embedOrigin: null, mediaOrigin: null, stripe: true }, "script-src 'self' https://js.stripe.com; ", []],
])('CSP for %j contains %s', (policy, expected, absent) => {
  const csp = contentSecurityPolicy(policy);
  expect(csp).toContain(expected);
  expect(csp).toContain("default-src 'none'");
  for (const text of absent) expect(csp).not.toContain(text);
});

const BUNDLE: WebBundle = {
  names: {
    checkout: 'checkout-A.js',
    confirmation: 'confirmation-B.js',
    pay: 'pay-E.js',
    dashboard: 'dashboard-F.js',
    portal: 'portal-C.js',
    styles: 'styles-D.css',
  },
  files: new Map(),
};

test('the page shell keeps boot data inert: no text in it can end the script element', () => {
  const html = pageShell(BUNDLE, 'portal', {
    page: 'portal',
    locale: 'en',
    environment: 'sandbox',
    organization: { id: 'org', name: '</script><script>alert(1)</script><!--', slug: 'shop' },
  });
  expect(html).not.toContain('</script><script>alert');
  expect(html).not.toContain('<!--');
  expect(html.match(/<script/g)).toHaveLength(2); // the inert JSON and the bundle
  expect(html).toContain('<script src="/assets/portal-C.js" defer></script>');
  const json = html.match(/<script type="application\/json" id="bursar-boot">(.*)<\/script>/)![1];
  expect(JSON.parse(json).organization.name).toBe('</script><script>alert(1)</script><!--');
});

test('a message page escapes what it shows', () => {
  const html = messagePage(BUNDLE, 'en', {
    title: '<b>Gone</b>',
    text: 'a & b',
    link: { href: '/x?a=1&b="2"', label: 'Go' },
  });
  expect(html).toContain('&#60;b&#62;Gone&#60;/b&#62;');
  expect(html).toContain('a &#38; b');
  expect(html).toContain('href="/x?a=1&#38;b=&#34;2&#34;"');
  expect(html).not.toContain('<script');
});
