// The `bursar` CLI as an operator uses it: migrate, create an organization and a token, then call the API with it.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { startHarness, type TestHarness } from '../support/harness';

const run = promisify(execFile);
const BIN = resolve(__dirname, '../../bin/bursar.js');
const bursar = (...args: string[]) => run(process.execPath, [BIN, ...args], { env: process.env });

// Each `bursar` process loads the whole application through tsx: about 5 s on an idle machine, three times that on a
// loaded one (a run beside `stress-ng --cpu 2` timed out at Jest's 60 s), and a test here starts up to five.
jest.setTimeout(5 * 45_000);

let h: TestHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

test('migrate reports both databases up to date', async () => {
  const { stdout } = await bursar('migrate');
  expect(stdout).toContain('production: up to date');
  expect(stdout).toContain('sandbox: up to date');
});

test('an organization and a token made with the CLI work on their environment only', async () => {
  const slug = `cli-${randomUUID().slice(0, 8)}`;
  const created = await bursar('organization', 'create', '--name', 'CLI Shop', '--slug', slug, '--env', 'sandbox');
  const organization = JSON.parse(created.stdout);
  expect(organization).toMatchObject({ environment: 'sandbox', name: 'CLI Shop', slug });

  const issued = await bursar(
    'token',
    'create',
    '--organization',
    slug,
    '--scopes',
    'meters:read,meters:write',
    '--env',
    'sandbox',
  );
  const token = issued.stdout.trim();
  expect(token).toMatch(/^bursar_oat_[0-9A-Za-z]{43}$/);
  expect(issued.stderr).toContain('shown only this once');

  const meter = await h.request('POST', '/v1/meters/', {
    environment: 'sandbox',
    token,
    json: { name: 'CLI meter', filter: { conjunction: 'and', clauses: [] }, aggregation: { func: 'count' } },
  });
  expect(meter.status).toBe(201);
  expect(meter.body.organization_id).toBe(organization.id);
  expect((await h.request('GET', '/v1/meters/', { environment: 'production', token })).status).toBe(401);
});

test("an organization's invoice numbering and prefix are set with the CLI; bad values are refused", async () => {
  const slug = `inv-${randomUUID().slice(0, 8)}`;
  await bursar('organization', 'create', '--name', 'Invoicing Shop', '--slug', slug);
  const set = await bursar(
    'organization',
    'invoicing',
    '--organization',
    slug,
    '--numbering',
    'organization',
    '--prefix',
    'SHOP-EU',
  );
  expect(JSON.parse(set.stdout)).toMatchObject({
    environment: 'production',
    invoice_numbering: 'organization',
    customer_invoice_prefix: 'SHOP-EU',
  });
  await expect(
    bursar('organization', 'invoicing', '--organization', slug, '--prefix', 'shop eu'),
  ).rejects.toMatchObject({
    code: 2,
    stderr: expect.stringContaining('--prefix: 1 to 20 capital letters'),
  });
  await expect(
    bursar('organization', 'invoicing', '--organization', slug, '--numbering', 'yearly'),
  ).rejects.toMatchObject({
    code: 2,
    stderr: expect.stringContaining('--numbering: Invalid option'),
  });
});

test('the owner, the proration default and tokens are managed with the CLI through the services the API uses', async () => {
  const slug = `own-${randomUUID().slice(0, 8)}`;
  const created = JSON.parse(
    (
      await bursar(
        'organization',
        'create',
        '--name',
        'Owned Shop',
        '--slug',
        slug,
        '--owner-email',
        'owner@example.com',
      )
    ).stdout,
  );
  const updated = await bursar(
    'organization',
    'update',
    '--organization',
    slug,
    '--proration',
    'invoice',
    '--allow-customer-updates',
    'false',
  );
  expect(JSON.parse(updated.stdout)).toMatchObject({
    id: created.id,
    owner_email: 'owner@example.com',
    proration_behavior: 'invoice',
    allow_customer_updates: false,
  });
  await expect(
    bursar('organization', 'update', '--organization', slug, '--owner-email', 'nobody'),
  ).rejects.toMatchObject({
    code: 2,
    stderr: expect.stringContaining('--owner-email'),
  });

  const token = (
    await bursar(
      'token',
      'create',
      '--organization',
      slug,
      '--scopes',
      'products:read',
      '--comment',
      'ops',
      '--expires-in',
      '3600',
    )
  ).stdout.trim();
  expect((await h.request('GET', '/v1/products/', { token })).status).toBe(200);
  const listed = JSON.parse((await bursar('token', 'list', '--organization', slug)).stdout);
  expect(listed.items).toEqual([
    expect.objectContaining({ comment: 'ops', scopes: ['products:read'], expires_at: expect.any(String) }),
  ]);
  expect(listed.items[0].last_used_at).not.toBeNull();
  await bursar('token', 'revoke', '--organization', slug, '--id', listed.items[0].id);
  expect((await h.request('GET', '/v1/products/', { token })).status).toBe(401);
  await expect(bursar('token', 'revoke', '--organization', slug, '--id', listed.items[0].id)).rejects.toMatchObject({
    code: 1,
  });
});

test('unknown scopes, environments and organizations are refused with a clear message', async () => {
  await expect(bursar('token', 'create', '--organization', 'x', '--scopes', 'meters:fly')).rejects.toMatchObject({
    code: 2,
    stderr: expect.stringContaining('unknown scopes: meters:fly'),
  });
  await expect(bursar('migrate', '--env', 'staging')).rejects.toMatchObject({
    code: 2,
    stderr: expect.stringContaining('--env must be one of'),
  });
  await expect(
    bursar('token', 'create', '--organization', 'no-such-org', '--scopes', 'meters:read'),
  ).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining('No organization "no-such-org"'),
  });
});

test("dashboard prints a link to the organization's metrics page that works until it expires", async () => {
  const slug = `dash-${randomUUID().slice(0, 8)}`;
  const organization = JSON.parse(
    (await bursar('organization', 'create', '--name', 'Dashboard Shop', '--slug', slug, '--env', 'sandbox')).stdout,
  );
  // The CLI is told the harness's public URLs, as an operator's shell has the server's.
  const env = { ...process.env, PUBLIC_URL: h.url.production, SANDBOX_PUBLIC_URL: h.url.sandbox };
  const printed = await run(process.execPath, [BIN, 'dashboard', '--organization', slug, '--env', 'sandbox'], { env });
  const url = printed.stdout.trim();
  expect(url).toMatch(
    new RegExp(`^${h.url.sandbox}/dashboard/metrics\\?token=${organization.id}\\.\\d+\\.[\\w-]{43}$`),
  );
  const expires = Number(new URL(url).searchParams.get('token')!.split('.')[1]);
  expect(expires * 1000 - Date.now()).toBeGreaterThan(3_500_000); // an hour by default
  expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(3_600_000);
  expect(printed.stderr).toContain('Metrics dashboard (sandbox), valid until');

  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('"page":"dashboard"');
  const data = await fetch(
    `${url}&start_date=2026-01-01&end_date=2026-03-31&interval=month`.replace('/metrics?', '/metrics/data?'),
  );
  expect(data.status).toBe(200);
  expect(((await data.json()) as { periods: unknown[] }).periods).toHaveLength(3);
  // The same link signed for production means nothing there.
  expect((await fetch(url.replace(h.url.sandbox, h.url.production))).status).toBe(404);

  const short = await run(
    process.execPath,
    [BIN, 'dashboard', '--organization', slug, '--env', 'sandbox', '--expires-in', '1'],
    { env },
  );
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  expect((await fetch(short.stdout.trim())).status).toBe(403);
  await expect(bursar('dashboard')).rejects.toMatchObject({
    code: 2,
    stderr: expect.stringContaining('dashboard needs --organization'),
  });
  await expect(bursar('dashboard', '--organization', slug, '--expires-in', '0')).rejects.toMatchObject({ code: 2 });
});
