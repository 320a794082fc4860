// The hand-written check of an ingest batch never accepts what the zod contract refuses, and answers exactly what zod
// answers (the same values, keys in the same order) for what it accepts.
import { EventsIngest } from '../../src/contracts/event-ingest';
import { quickEventsIngest } from '../../src/contracts/event-ingest-check';

const ID = '0b9d6a56-3c1e-4f1a-9d2a-8a1f2b3c4d5e';
const llm = { vendor: 'openai', model: 'gpt-4o', input_tokens: 10, output_tokens: 5, total_tokens: 15 };

const accepted: [string, unknown][] = [
  ['by external id, no metadata', { name: 'a', external_customer_id: 'c1' }],
  ['by id with member', { customer_id: ID, name: 'a', member_id: ID, metadata: { n: 1 } }],
  [
    'keys out of order',
    { metadata: { z: true, a: 's' }, external_customer_id: 'c', name: 'n', timestamp: '2026-01-01T00:00:00Z' },
  ],
  [
    'nulls',
    {
      name: 'a',
      external_customer_id: 'c',
      organization_id: null,
      external_id: null,
      parent_id: null,
      external_member_id: null,
    },
  ],
  ['ids', { name: 'a', customer_id: ID, organization_id: ID, external_id: 'e1', parent_id: 'p', member_id: null }],
  ['offset timestamp', { name: 'a', external_customer_id: 'c', timestamp: '2026-03-01T10:00:00.123+02:00' }],
  [
    '_llm',
    {
      name: 'a',
      external_customer_id: 'c',
      metadata: { _llm: { ...llm, prompt: '', response: null, cached_input_tokens: 0 }, k: -1.5 },
    },
  ],
  ['numeric keys', { name: 'a', external_customer_id: 'c', metadata: { b: 1, 2: 'x', 1: 'y' } }],
];

const refused: [string, unknown][] = [
  ['empty name', { name: '', external_customer_id: 'c' }],
  ['long name', { name: 'n'.repeat(129), external_customer_id: 'c' }],
  ['both customers', { name: 'a', customer_id: ID, external_customer_id: 'c' }],
  ['no customer', { name: 'a' }],
  ['bad uuid', { name: 'a', customer_id: 'not-a-uuid' }],
  ['member by external id', { name: 'a', external_customer_id: 'c', member_id: ID }],
  ['unknown key', { name: 'a', external_customer_id: 'c', extra: 1 }],
  ['bad timestamp', { name: 'a', external_customer_id: 'c', timestamp: 'yesterday' }],
  ['timestamp without offset', { name: 'a', external_customer_id: 'c', timestamp: '2026-01-01T00:00:00' }],
  ['null timestamp', { name: 'a', external_customer_id: 'c', timestamp: null }],
  ['year 0', { name: 'a', external_customer_id: 'c', timestamp: '0000-01-01T00:00:00Z' }],
  ['signal external id', { name: 'a', external_customer_id: 'c', external_id: 'signal:x' }],
  ['reserved key', { name: 'a', external_customer_id: 'c', metadata: { _other: 1 } }],
  ['_llm missing tokens', { name: 'a', external_customer_id: 'c', metadata: { _llm: { vendor: 'v', model: 'm' } } }],
  ['_llm extra key', { name: 'a', external_customer_id: 'c', metadata: { _llm: { ...llm, x: 1 } } }],
  ['_llm float tokens', { name: 'a', external_customer_id: 'c', metadata: { _llm: { ...llm, total_tokens: 1.5 } } }],
  ['_cost in euros', { name: 'a', external_customer_id: 'c', metadata: { _cost: { amount: 1, currency: 'eur' } } }],
  ['long key', { name: 'a', external_customer_id: 'c', metadata: { ['k'.repeat(41)]: 1 } }],
  ['empty string value', { name: 'a', external_customer_id: 'c', metadata: { s: '' } }],
  ['long value', { name: 'a', external_customer_id: 'c', metadata: { s: 'v'.repeat(501) } }],
  ['nested value', { name: 'a', external_customer_id: 'c', metadata: { o: { a: 1 } } }],
  ['null value', { name: 'a', external_customer_id: 'c', metadata: { o: null } }],
  [
    '51 keys',
    {
      name: 'a',
      external_customer_id: 'c',
      metadata: Object.fromEntries([...Array(51).keys()].map((i) => [`k${i}`, i])),
    },
  ],
  ['array metadata', { name: 'a', external_customer_id: 'c', metadata: [] }],
  ['null metadata', { name: 'a', external_customer_id: 'c', metadata: null }],
  ['not an object', 'event'],
];

const zod = (body: unknown) => {
  const parsed = EventsIngest.safeParse(body);
  return parsed.success ? JSON.stringify(parsed.data) : undefined;
};

test.each(accepted)('accepted as zod reads it: %s', (_, event) => {
  const body = JSON.parse(JSON.stringify({ events: [event, event], ignored: 1 }));
  expect(zod(body)).toBeDefined();
  expect(JSON.stringify(quickEventsIngest(body))).toBe(zod(body));
});

test.each(refused)('refused by both (the contract explains): %s', (_, event) => {
  const body = JSON.parse(JSON.stringify({ events: [{ name: 'ok', external_customer_id: 'c' }, event] }));
  expect(zod(body)).toBeUndefined();
  expect(quickEventsIngest(body)).toBeUndefined();
});

test('an empty batch, a batch over 1,000 and a body without events are left to the contract', () => {
  const one = { name: 'a', external_customer_id: 'c' };
  for (const body of [{ events: [] }, { events: Array(1001).fill(one) }, {}, [], null]) {
    expect(zod(body)).toBeUndefined();
    expect(quickEventsIngest(body)).toBeUndefined();
  }
  expect(quickEventsIngest({ events: Array(1000).fill(one) })?.events).toHaveLength(1000);
});

test('a _cost is left to the contract, which accepts it', () => {
  const body = {
    events: [{ name: 'a', external_customer_id: 'c', metadata: { _cost: { amount: '1.5', currency: 'usd' } } }],
  };
  expect(quickEventsIngest(body)).toBeUndefined();
  expect(zod(body)).toBeDefined();
});
