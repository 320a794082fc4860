// The webhook event catalogue against the 1.x client's list: every type the client knows is either sent — listed in
// SENT with the test that shows it emitted when it happens — or refused by the endpoint API with a 422 naming it. A
// type the API accepts without a test in SENT fails here, so does a cited test that no longer names its type. Bursar's
// own types (OWN_TYPES, beyond the client's list) must be sent, each with its test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { UNSENT_WEBHOOK_EVENT_TYPES } from '../../src/contracts/webhook-unsent';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../src/contracts/webhook';
import { WebhookEndpoint } from '../../src/contracts/webhook-endpoint';
import { inTransaction } from '../../src/platform/database/transaction';
import { startHarness, type TestHarness } from '../support/harness';
import { CLIENT_API_VERSIONS, clientEventTypes, clientWebhooks } from '../support/polar-sdk';
import { legacy } from '../support/versioned-contract';

const CHECKOUT_EXPIRY = [
  'checkout-flow',
  'an open checkout expires after its TTL: expired, checkout.expired written, the client answered 410',
];
const PURCHASE = [
  'checkout-flow',
  'a fixed price: created, confirmed, charged, and the order paid, with order.paid delivered and verified',
];
const CUSTOMER_PATCH = [
  'customer-api',
  'PATCH changes the fields it names and leaves the others; customer.updated and customer.state_changed follow',
];
const REFUNDS = [
  'refund-api',
  'a partial then a full refund: tax, order amounts and status, processor refunds, webhooks and credit notes',
];
const RENEWALS = [
  'subscription-renewals',
  'twelve monthly renewals anchored on Jan 31: one paid order per period, amounts and webhooks',
];
const UNCANCEL = [
  'subscription-lifecycle',
  'cancel at period end, cancel again is refused, uncancel, and the subscription renews',
];
const DISCOUNTS = [
  'webhook-events-emitted',
  'discount.created, .updated and .deleted arrive signed, each with the discount as the API rendered it; a refused change sends none',
];
const GRANTS = [
  'benefit-grants',
  'a one-time purchase grants every benefit once (a worker lost mid-grant included), and a refund with revoke_benefits takes them back',
];

const MEMBERS = [
  'members',
  'member CRUD by ids and by external ids, the owner rules and duplicates; member.* webhooks arrive signed',
];

const PAUSE = [
  'subscription-pause',
  'pause at period end: paused when the period ends, two months with no order, resumed now with a new period charged in full; webhooks received',
];

const SEATS = [
  'customer-seats',
  'ten seats: invited and claimed by e-mail, assigned at once, revoked, the eleventh refused, events verified',
];

/** Each type Bursar sends, with the test (file in test/integration, title) that shows it emitted when it happens. */
const SENT: Partial<Record<string, string[]>> = {
  'checkout.created': CHECKOUT_EXPIRY,
  'checkout.updated': CHECKOUT_EXPIRY,
  'checkout.expired': CHECKOUT_EXPIRY,
  'customer.created': [
    'customer',
    'a new customer is created once, with customer.created, and read back in the reference shape',
  ],
  'customer.updated': CUSTOMER_PATCH,
  'customer.deleted': [
    'customer-api',
    'DELETE answers 204 with no body; the customer is gone from every route but its row stays, with customer.deleted then state_changed',
  ],
  'customer.state_changed': CUSTOMER_PATCH,
  'order.created': PURCHASE,
  'order.updated': PURCHASE,
  'order.paid': PURCHASE,
  'order.refunded': REFUNDS,
  'subscription.created': RENEWALS,
  'subscription.updated': RENEWALS,
  'subscription.active': RENEWALS,
  'subscription.canceled': UNCANCEL,
  'subscription.uncanceled': UNCANCEL,
  'subscription.cycled': [
    'webhook-events-emitted',
    'subscription.cycled: once per new period — the trial converting (still trialing) and each renewal — and not when it ends',
  ],
  'subscription.revoked': [
    'subscription-lifecycle',
    'cancel at period end: canceled when the period ends, with no renewal; uncancel afterwards is 410',
  ],
  'subscription.past_due': [
    'subscription-lifecycle',
    'a failed renewal goes past_due, dunning retries at +2 and +5 days, and a successful retry makes it active again',
  ],
  'subscription.paused': PAUSE,
  'subscription.resumed': PAUSE,
  'customer_seat.assigned': SEATS,
  'customer_seat.claimed': SEATS,
  'customer_seat.revoked': SEATS,
  'refund.created': REFUNDS,
  'refund.updated': REFUNDS,
  'product.created': ['webhook-delivery', 'a created product reaches the endpoint as a signed product.created event'],
  'product.updated': [
    'product-api',
    'product.created and product.updated are written to the outbox in the same transaction',
  ],
  'discount.created': DISCOUNTS,
  'discount.updated': DISCOUNTS,
  'discount.deleted': DISCOUNTS,
  'benefit.created': ['benefit-api', 'update keeps the type, writes benefit.updated; delete hides it'],
  'benefit.updated': ['benefit-api', 'update keeps the type, writes benefit.updated; delete hides it'],
  'benefit_grant.created': GRANTS,
  'benefit_grant.cycled': [
    'subscription-benefits',
    'granted while trialing, credited anew each paid renewal (what is left of the last period withdrawn first); keys of subscriptions never expire',
  ],
  'benefit_grant.updated': [
    'webhook-events-emitted',
    "benefit_grant.updated: a downloadable benefit gaining a file reaches its holder's grant, with the properties before",
  ],
  'benefit_grant.revoked': GRANTS,
  'organization.updated': [
    'organization-access',
    'an edit changes the settings the engine reads and writes organization.updated',
  ],
  'member.created': MEMBERS,
  'member.updated': MEMBERS,
  'member.deleted': MEMBERS,
  'reconciliation.failed': [
    'reconciliation',
    'a clean book is green; each injected fault is red on its law, naming the injected rows',
  ],
};

/** Bursar's own types, beyond the client's list: sent, and each with its test in SENT. */
const OWN_TYPES = ['reconciliation.failed'];

const CLIENT_TYPES = clientEventTypes('2027-01');

let h: TestHarness;
let org: { id: string; token: string };
let endpointId: string;
const post = (events: string[]) =>
  h.request('POST', '/v1/webhooks/endpoints', {
    token: org.token,
    json: { url: 'https://hooks.example.com/catalogue', format: 'raw', events },
  });
const patch = (id: string, json: unknown) =>
  h.request('PATCH', `/v1/webhooks/endpoints/${id}`, { token: org.token, json });
const notSent = (type: string, at: number) => ({
  loc: ['body', 'events', at],
  msg: `${type} is not sent by this server yet: ${UNSENT_WEBHOOK_EVENT_TYPES[type as WebhookEventType]}.`,
  type: 'invalid_value',
});

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization(['webhooks:read', 'webhooks:write']);
  endpointId = (await post(['order.paid'])).body.id;
});
afterAll(() => h.close());

test("the 1.x client's list, read from its code, is what its validateEvent knows in every API version, and Bursar publishes exactly it", async () => {
  const secret = `whsec_${Buffer.from('catalogue test secret, 32 bytes!').toString('base64')}`;
  const signed = (type: string) => {
    const [id, at, body] = [
      `msg_${type}`,
      new Date(),
      JSON.stringify({ type, timestamp: new Date().toISOString(), data: {} }),
    ];
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, at, body),
    };
    return [body, headers, secret] as const;
  };
  for (const version of CLIENT_API_VERSIONS) {
    const { validateEvent, PolarWebhookUnknownTypeError } = clientWebhooks(version);
    const types = clientEventTypes(version);
    expect([...types].sort()).toEqual([...CLIENT_TYPES].sort());
    for (const type of types) expect((await validateEvent(...signed(type))).type).toBe(type);
    await expect(validateEvent(...signed('discount.redeemed'))).rejects.toBeInstanceOf(PolarWebhookUnknownTypeError);
  }
  expect(CLIENT_TYPES).toHaveLength(42);
  expect([...WEBHOOK_EVENT_TYPES].sort()).toEqual([...CLIENT_TYPES, ...OWN_TYPES].sort());
  expect(Object.keys(SENT).filter((type) => !CLIENT_TYPES.includes(type))).toEqual(OWN_TYPES);
});

test.each([...CLIENT_TYPES, ...OWN_TYPES])(
  '%s is sent (shown by the test SENT cites) or refused by POST and PATCH with a 422 naming it',
  async (type) => {
    const created = await post(['order.paid', type]);
    const cited = SENT[type];
    expect({ type, status: created.status }).toEqual({ type, status: cited ? 201 : 422 });
    if (cited) {
      expect(legacy(WebhookEndpoint).parse(created.body).events).toEqual([...new Set(['order.paid', type])]); // duplicates are kept once
      const [file, title] = cited;
      const source = readFileSync(join(__dirname, `${file}.test.ts`), 'utf8');
      const start = source.indexOf(title);
      expect({ file, title, found: start >= 0 }).toEqual({ file, title, found: true });
      const rest = source.slice(start);
      const end = rest.search(/\n\s*(test|it|describe)\b/); // the cited test's body: up to the next test
      const body = end < 0 ? rest : rest.slice(0, end);
      expect({ file, title, names: body.includes(`'${type}'`) }).toEqual({ file, title, names: true });
      return;
    }
    expect(created.body).toMatchObject({ status: 422, error: 'RequestValidationError', detail: [notSent(type, 1)] });
    const patched = await patch(endpointId, { events: [type] });
    expect(patched.status).toBe(422);
    expect(patched.body.detail).toEqual([notSent(type, 0)]);
    expect((await h.request('GET', `/v1/webhooks/endpoints/${endpointId}`, { token: org.token })).body.events).toEqual([
      'order.paid',
    ]);
  },
);

test('an endpoint stored with unsent types before they were refused still reads and updates; naming them again is refused', async () => {
  const created = await post(['order.paid']);
  await h.env.production.orm.em
    .fork()
    .execute(`update webhook_endpoint set events = '{order.paid,subscription.migrated}' where id = ?`, [
      created.body.id,
    ]);
  const read = await h.request('GET', `/v1/webhooks/endpoints/${created.body.id}`, { token: org.token });
  expect(read.status).toBe(200);
  expect(legacy(WebhookEndpoint).parse(read.body).events).toEqual(['order.paid', 'subscription.migrated']);
  expect((await h.request('GET', '/v1/webhooks/endpoints?limit=100', { token: org.token })).status).toBe(200);

  const renamed = await patch(created.body.id, { name: 'Kept' });
  expect(renamed.body).toMatchObject({
    name: 'Kept',
    events: ['order.paid', 'subscription.migrated'],
  });
  const resent = await patch(created.body.id, { events: read.body.events });
  expect(resent.status).toBe(422);
  expect(resent.body.detail).toEqual([notSent('subscription.migrated', 1)]);
  expect((await patch(created.body.id, { events: ['order.paid'] })).body.events).toEqual(['order.paid']);
});

test('nothing can emit an unsent type: the outbox refuses it and the transaction writes nothing', async () => {
  const env = h.env.production;
  const marker = `unsent-${org.id}`;
  const emitted = inTransaction(env.orm, async (tx) =>
    env.outbox.enqueueEvent(tx, org.id, 'subscription.migrated', { id: marker }),
  );
  await expect(emitted).rejects.toThrow(/subscription\.migrated is not sent by this server yet/);
  expect(
    await env.orm.em.fork().execute("select 1 from outbox_message where payload->'data'->>'id' = ?", [marker]),
  ).toHaveLength(0);
});
