// The merchant run's account flows, each through the published 1.x client (`@polar-sh/sdk/2026-10`, as merchants
// call it) and, for the recorder and the 0.x clients' judge, over plain HTTP: a second organization for the owner,
// and a customer's wallets and e-mail update in the portal (the code read from the run's mail catcher).
import { randomUUID } from 'node:crypto';
import type { TestHarness } from '../support/harness';
import { waitForMail } from '../support/mail-catcher';
import { polarClient } from '../support/polar-sdk';
import type { Call } from '../support/subscriptions';

const check = (response: { status: number; body: unknown }, status = 200) => {
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as any;
};

/** Leaves the customer with a new e-mail address and every session of theirs ended. */
export async function runAccountFlows(
  h: TestHarness,
  call: Call,
  m: { id: string; token: string },
  customerId: string,
) {
  const baseUrl = h.url.sandbox;
  check(await call('PATCH', `/v1/organizations/${m.id}`, { owner_email: 'owner@shop.example.com' }));
  const polar = polarClient('2026-10', { accessToken: m.token, baseUrl });
  const second = await polar.organizations.create({ name: 'Compat Shop Two', slug: `compat-${randomUUID()}` });
  if (!second.first_access_token?.token) throw new Error('organizations.create: no first access token');
  check(await call('POST', '/v1/organizations/', { name: 'Compat Shop Three', slug: `compat-${randomUUID()}` }), 201);

  const session = check(await call('POST', '/v1/customer-sessions/', { customer_id: customerId }), 201);
  const portal = (method: string, path: string, json?: unknown, token = session.token as string) =>
    h.request(method, `/v1/customer-portal${path}`, { token, environment: 'sandbox', json });
  const customerPortal = polarClient('2026-10', { accessToken: session.token, baseUrl }).customerPortal as any;
  const wallets = await customerPortal.wallets.list({});
  if (wallets.items.length) await customerPortal.wallets.get(wallets.items[0].id);
  const legacyWallets = check(await portal('GET', '/wallets/'));
  if (legacyWallets.items.length) check(await portal('GET', `/wallets/${legacyWallets.items[0].id}`));

  const address = `compat-${randomUUID()}@example.com`;
  await customerPortal.customers.requestEmailUpdate({ email: address });
  const code = (await codeAt(address)) as string;
  await customerPortal.customers.checkEmailUpdate({ token: code });
  check(await portal('GET', `/customers/me/email-update/check?token=${code}`), 204);
  check(await portal('POST', '/customers/me/email-update/verify', { token: 'AAAAAA' }), 401);
  const { token } = await customerPortal.customers.verifyEmailUpdate({ token: code });
  check(await portal('GET', '/customers/me', undefined, token));
  // the plain HTTP request, for the recorder: another customer's (one code a minute per customer)
  const other = check(await call('POST', '/v1/customers/', { email: `compat-${randomUUID()}@example.com` }), 201);
  const otherToken = check(await call('POST', '/v1/customer-sessions/', { customer_id: other.id }), 201).token;
  const again = `compat-${randomUUID()}@example.com`;
  check(await portal('POST', '/customers/me/email-update/request', { email: again }, otherToken), 202);
  check(await portal('POST', '/customers/me/email-update/verify', { token: await codeAt(again) }, otherToken));
  check(await portal('GET', '/customers/me', undefined, token));
}

async function codeAt(address: string): Promise<string> {
  const mail = await waitForMail(address, (m) => /confirmation code/.test(m.subject));
  const code = /^\s+([A-Z0-9]{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the e-mail to ${address}`);
  return code;
}
