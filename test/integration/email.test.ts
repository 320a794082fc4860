// E-mail end to end: a message queued in a transaction is sent by its `email:<id>` flow through real SMTP to the run's
// MailDev, retried when the SMTP server fails, given up on when no retry can help, and paid orders e-mail receipts.
import { randomUUID } from 'node:crypto';
import { SmtpMailer, type Mailer } from '../../src/adapters/mail/smtp-mailer';
import { loginCodeEmail } from '../../src/domains/customer-session';
import { orderReceiptEmail } from '../../src/domains/order';
import type { Scope } from '../../src/domains/organization';
import { inTransaction } from '../../src/platform/database/transaction';
import { EmailService, type EmailTemplate } from '../../src/platform/email';
import { SEARCH_ATTRIBUTES } from '../../temporal.config';
import { emailWorkflowId } from '../../workflows/definitions';
import { recordHistory } from '../support/record-history';
import { createEmailActivities } from '../../activities/email.activities';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { mailsTo, waitForMail } from '../support/mail-catcher';

let h: TestHarness;
/** Production's worker sends through this service, whose mailer refuses the first message to each `flaky-…` address. */
let flakyEmail: EmailService;
const refusals = new Map<string, number>();

beforeAll(async () => {
  h = await startHarness();
  const env = h.env.production;
  const smtp = new SmtpMailer({ url: h.config.SMTP_URL, from: h.config.EMAIL_FROM });
  const flaky: Mailer = {
    async send(message) {
      if (message.to.startsWith('flaky-') && !refusals.has(message.to)) {
        refusals.set(message.to, 1);
        throw new Error('421 Service not available, closing transmission channel');
      }
      await smtp.send(message);
    },
  };
  flakyEmail = new EmailService({
    orm: env.orm,
    clock: env.clock,
    outbox: env.outbox,
    serverSecret: h.config.BURSAR_SECRET,
    mailer: flaky,
    templates: [loginCodeEmail, orderReceiptEmail],
  });
  await h.startWorker('production', (real) => ({ ...real, ...createEmailActivities(flakyEmail) }));
  await h.startWorker('sandbox');
});
afterAll(() => h?.close());

const address = (prefix: string) => `${prefix}-${randomUUID()}@example.com`;

async function organization(name: string, scopes: Scope[], environment: 'production' | 'sandbox') {
  const { orm, domains } = h.env[environment];
  return inTransaction(orm, async ({ em }) => {
    const org = await domains.organizations.createOrganization(em, { name, slug: `org-${randomUUID()}` });
    const { token } = await domains.accessTokens.create(em, org.id, { scopes });
    return { id: org.id, token };
  });
}

const emailRow = async (environment: 'production' | 'sandbox', recipient: string) =>
  (
    await h.env[environment].orm.em
      .fork()
      .execute('select * from email_message where recipient = ? order by created_at', [recipient])
  )[0];

test('a message queued in a transaction arrives rendered; the row ends sent with its parameters erased', async () => {
  const env = h.env.sandbox;
  const org = await organization('Acme', [], 'sandbox');
  const to = address('ada');
  await inTransaction(env.orm, async (tx) => {
    await env.domains.email.enqueue(tx, {
      organizationId: org.id,
      to,
      template: loginCodeEmail,
      params: { code: 'K7Q2ZX', organizationName: 'Acme', validMinutes: 30 },
    });
    await tx.em.flush();
    const [queued] = await tx.em.execute('select status, sealed_params from email_message where recipient = ?', [to]);
    expect(queued.status).toBe('queued');
    expect(queued.sealed_params).not.toContain('K7Q2ZX'); // sealed at rest
  });

  const mail = await waitForMail(to);
  expect(mail.subject).toBe('K7Q2ZX is your Acme sign-in code');
  expect(mail.text).toContain('K7Q2ZX');
  expect(mail.html).toContain('K7Q2ZX');
  expect(mail.from[0].address).toBe('no-reply@bursar.localhost');

  const row = await eventually(async () => {
    const current = await emailRow('sandbox', to);
    return current.status === 'sent' && current;
  });
  expect(row).toMatchObject({ sealed_params: null, attempts: 1, last_error: null });
  expect(row.sent_at).not.toBeNull();
  expect(mail.headers['message-id']).toBe(`<${row.id}@bursar.localhost>`);

  const description = await env.temporal.workflow.getHandle(emailWorkflowId(row.id)).describe();
  expect(description.typedSearchAttributes.get(SEARCH_ATTRIBUTES.OrganizationId)).toBe(org.id);
  expect(await description.staticSummary()).toBe('E-mail customer-login-code');
  expect(JSON.stringify(description.searchAttributes)).not.toContain(to);
  expect(await env.temporal.workflow.getHandle(emailWorkflowId(row.id)).result()).toBe('sent');
});

test('a send the SMTP server refuses is retried and delivered once; the row counts both attempts', async () => {
  const env = h.env.production;
  const org = await organization('Flaky Co', [], 'production');
  const to = address('flaky');
  await inTransaction(env.orm, (tx) =>
    flakyEmail.enqueue(tx, {
      organizationId: org.id,
      to,
      template: loginCodeEmail,
      params: { code: 'R3TRY0', organizationName: 'Flaky Co', validMinutes: 30 },
    }),
  );

  const failed = await eventually(async () => {
    const row = await emailRow('production', to);
    return row.attempts === 1 && row;
  });
  expect(failed).toMatchObject({ status: 'queued', last_error: expect.stringContaining('421'), sent_at: null });
  expect(failed.sealed_params).not.toBeNull();

  const mail = await waitForMail(to, () => true, 30_000);
  expect(mail.subject).toBe('R3TRY0 is your Flaky Co sign-in code');
  const sent = await eventually(async () => {
    const row = await emailRow('production', to);
    return row.status === 'sent' && row;
  });
  expect(sent).toMatchObject({ attempts: 2, last_error: null, sealed_params: null });
  expect(await env.temporal.workflow.getHandle(emailWorkflowId(sent.id)).result()).toBe('sent');
  expect(await mailsTo(to)).toHaveLength(1);
  await recordHistory(env, emailWorkflowId(sent.id), 'email-sent-after-a-retry', { finished: true });
});

test('a message whose template the worker does not know fails for good, its parameters erased, and nothing is sent', async () => {
  const env = h.env.sandbox;
  const org = await organization('Nowhere', [], 'sandbox');
  const unknown: EmailTemplate<{ secret: string }> = {
    name: 'not-in-this-build',
    render: ({ secret }) => ({ subject: secret, text: secret, html: secret }),
  };
  const sender = new EmailService({
    orm: env.orm,
    clock: env.clock,
    outbox: env.outbox,
    serverSecret: h.config.BURSAR_SECRET,
    mailer: { send: async () => undefined },
    templates: [unknown],
  });
  const to = address('unknown');
  await inTransaction(env.orm, (tx) =>
    sender.enqueue(tx, { organizationId: org.id, to, template: unknown, params: { secret: 'x' } }),
  );

  const row = await eventually(async () => {
    const current = await emailRow('sandbox', to);
    return current.status === 'failed' && current;
  });
  expect(row).toMatchObject({
    sealed_params: null,
    attempts: 1,
    last_error: expect.stringContaining('not-in-this-build'),
  });
  expect(await env.temporal.workflow.getHandle(emailWorkflowId(row.id)).result()).toBe('failed');
  expect(await mailsTo(to)).toHaveLength(0);
  await recordHistory(env, emailWorkflowId(row.id), 'email-undeliverable', { finished: true });
});

test('enqueuing with a template the service was not given is refused in the transaction', async () => {
  const env = h.env.sandbox;
  const stray: EmailTemplate<object> = { name: 'stray', render: () => ({ subject: '', text: '', html: '' }) };
  await expect(
    inTransaction(env.orm, (tx) =>
      env.domains.email.enqueue(tx, {
        organizationId: randomUUID(),
        to: address('stray'),
        template: stray,
        params: {},
      }),
    ),
  ).rejects.toThrow('"stray" is not registered');
});

test('a sandbox purchase e-mails the customer a receipt: product, amounts, order id, the portal for invoices, HTML escaped', async () => {
  const name = `Acme & <Sons> ${randomUUID().slice(0, 8)}`;
  const org = await organization(name, ['products:write', 'checkouts:write', 'orders:read'], 'sandbox');
  const call = (method: string, path: string, json?: unknown) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const product = await call('POST', '/v1/products/', {
    name: 'Handbook',
    prices: [{ amount_type: 'fixed', price_amount: 1500 }],
  });
  expect(product.status).toBe(201);
  const buyer = address('buyer');
  const checkout = await call('POST', '/v1/checkouts/', {
    products: [product.body.id],
    customer_email: buyer,
    customer_billing_address: { country: 'FR' },
  });
  expect(checkout.status).toBe(201);
  const confirmed = await h.request('POST', `/v1/checkouts/client/${checkout.body.client_secret}/confirm`, {
    environment: 'sandbox',
    json: { confirmation_token_id: 'pm_card_visa' },
  });
  expect(confirmed.status).toBe(200);

  const mail = await waitForMail(buyer, (m) => m.subject.startsWith('Your receipt'), 30_000);
  const order = (await call('GET', `/v1/orders/?checkout_id=${checkout.body.id}`)).body.items[0];
  expect(order).toMatchObject({ status: 'paid', total_amount: 1500, tax_amount: 250 });
  expect(mail.subject).toBe(`Your receipt from ${name}: Handbook`);
  expect(mail.text).toContain('Handbook');
  expect(mail.text).toContain('USD 15.00');
  expect(mail.text).toContain('Tax (included)');
  expect(mail.text).toContain('USD 2.50');
  expect(mail.text).toContain(`Order: ${order.id}`);
  expect(mail.text).toContain(`Receipt number: ${order.receipt_number}`);
  expect(mail.text).toContain('customer portal');
  expect(mail.html).toContain('Acme &amp; &lt;Sons&gt;');
  expect(mail.html).not.toContain('<Sons>');
  expect(await mailsTo(buyer)).toHaveLength(1);
});
