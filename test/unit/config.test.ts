import { environmentDatabaseUrl, loadConfig } from '../../src/platform/config';

test.each([
  ['postgres://postgres@127.0.0.1:5432/bursar', 'production', 'postgres://postgres@127.0.0.1:5432/bursar_production'],
  ['postgres://postgres@127.0.0.1:5432/bursar', 'sandbox', 'postgres://postgres@127.0.0.1:5432/bursar_sandbox'],
  [
    'postgres://u:p@db:6543/billing?sslmode=require',
    'sandbox',
    'postgres://u:p@db:6543/billing_sandbox?sslmode=require',
  ],
] as const)('%s in %s lives in %s', (url, environment, expected) => {
  expect(environmentDatabaseUrl(url, environment)).toBe(expected);
});

test('defaults describe the embedded stack', () => {
  const config = loadConfig({});
  expect(config.embeddedTemporal).toBe(true);
  expect(config.temporalAddress).toBe('127.0.0.1:7233');
  expect(config.ports).toEqual({ production: 8000, sandbox: 8001 });
  expect(config.namespaces).toEqual({ production: 'bursar-production', sandbox: 'bursar-sandbox' });
  expect(config.RATE_LIMIT_ORG_PER_MINUTE).toBe(300);
  expect(config.RATE_LIMIT_IP_PER_SECOND).toBe(100);
  expect(config.WEBHOOK_TIMEOUT_MS).toBe(30_000); // the spec's acknowledgement window
});

test('TEMPORAL_ADDRESS switches to an existing cluster', () => {
  const config = loadConfig({ TEMPORAL_ADDRESS: 'temporal:7233' });
  expect(config.embeddedTemporal).toBe(false);
  expect(config.temporalAddress).toBe('temporal:7233');
});

test('the seller of record defaults to the United States, collecting everywhere', () => {
  const defaults = loadConfig({});
  expect(defaults.SELLER_COUNTRY).toBe('US');
  expect(defaults.SELLER_TAX_REGISTRATIONS).toBeUndefined();
  expect(loadConfig({ SELLER_COUNTRY: 'IE', SELLER_TAX_REGISTRATIONS: 'IE,GB,US' })).toMatchObject({
    SELLER_COUNTRY: 'IE',
    SELLER_TAX_REGISTRATIONS: ['IE', 'GB', 'US'],
  });
});

test("the seller's identity on documents: a name, and address lines and tax IDs split at | (blank ones dropped)", () => {
  expect(loadConfig({})).toMatchObject({ SELLER_NAME: 'Bursar', SELLER_ADDRESS: [], SELLER_TAX_IDS: [] });
  expect(
    loadConfig({
      SELLER_NAME: 'Acme MoR Ltd',
      SELLER_ADDRESS: ' 1 Quay St | Dublin D02 |  | Ireland',
      SELLER_TAX_IDS: 'IE VAT IE1234567T',
    }),
  ).toMatchObject({
    SELLER_NAME: 'Acme MoR Ltd',
    SELLER_ADDRESS: ['1 Quay St', 'Dublin D02', 'Ireland'],
    SELLER_TAX_IDS: ['IE VAT IE1234567T'],
  });
});

test.each([
  [{ SELLER_NAME: '' }, /SELLER_NAME/],
  [{ SELLER_TAX_REGISTRATIONS: 'ie, gb' }, /SELLER_TAX_REGISTRATIONS/],
  [{ WEBHOOK_TIMEOUT_MS: '60000' }, /WEBHOOK_TIMEOUT_MS/],
  [{ NODE_ENV: 'production' }, /BURSAR_SECRET/],
  [{ NODE_ENV: 'production', BURSAR_SECRET: 'x'.repeat(32) }, /SMTP_URL/],
  [{ BURSAR_SECRET: 'short' }, /BURSAR_SECRET/],
  [{ PORT: 'eighty' }, /PORT/],
  [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
])('invalid configuration %j fails fast with a clear message', (env, message) => {
  expect(() => loadConfig(env)).toThrow(message);
});
