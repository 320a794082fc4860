// The SQL a batch of 1,000 events costs does not grow with the batch: the customers resolved in one query, the events
// written in one statement and the counters and rollups in another, whatever the number of events or customers.
import { countSql, sqlSince } from '../../bench/measure/sql-counter';
import { startHarness, type TestHarness } from '../support/harness';

let h: TestHarness;
let org: { id: string; token: string };

beforeAll(async () => {
  countSql();
  h = await startHarness();
  org = await h.organization(['events:write', 'meters:write', 'customers:write']);
});
afterAll(() => h.close());

const batch = (size: number, at: Date) =>
  Array.from({ length: size }, (_, i) => ({
    name: i % 10 === 0 ? 'other' : 'llm',
    timestamp: new Date(at.getTime() - i * 60_000).toISOString(),
    external_customer_id: `c${i % 100}`,
    metadata: {
      _llm: {
        vendor: 'openai',
        model: 'gpt-4o',
        input_tokens: 100,
        output_tokens: i % 50,
        total_tokens: 100 + (i % 50),
      },
      route: `/v${i % 3}`,
    },
  }));

test('a batch of 1,000 events for 100 customers, with two live meters, is six statements', async () => {
  for (const property of ['_llm.total_tokens', '_llm.input_tokens']) {
    const meter = await h.request('POST', '/v1/meters/', {
      token: org.token,
      json: {
        name: property,
        filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'llm' }] },
        aggregation: { func: 'sum', property },
      },
    });
    expect(meter.status).toBe(201);
  }
  const customer = await h.request('POST', '/v1/customers/', {
    token: org.token,
    json: { email: 'ingest-sql@example.com', external_id: 'c42' },
  });
  expect(customer.status).toBe(201);
  const cost = async (size: number) => {
    const before = { ...countSql() };
    const response = await h.request('POST', '/v1/events/ingest', {
      token: org.token,
      json: { events: batch(size, new Date(Date.now() - 3_600_000)) },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ inserted: size, duplicates: 0 });
    return sqlSince(before);
  };

  const thousand = await cost(1000);
  // The token's lookup, then one transaction: the ingestion lock, the customers, the live meters, the events, and the
  // counters with the rollups.
  expect(thousand).toEqual({ statements: 6, transactions: 2 });
  // The same statements for one event as for a thousand.
  expect(await cost(1)).toEqual(thousand);
});
