// A meter's hourly rollups follow what it counts: creating or changing the meter drops them at once (quantities read
// raw events meanwhile) and `meter-rollups:<id>:<version>` rebuilds them from raw events on a real worker; an older
// version's rebuild does nothing; later batches add to the rebuilt rollups; archiving drops them until unarchived.
import { randomUUID } from 'node:crypto';
import { partitionName } from '../../src/adapters/events/event-partitions';
import { ensureSchedules } from '../../src/app/temporal';
import { SCHEDULES } from '../../temporal.config';
import { startHarness, eventually, type TestHarness } from '../support/harness';

let h: TestHarness;
let org: { id: string; token: string };

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('production');
  org = await h.organization(['meters:read', 'meters:write', 'events:write']);
});
afterAll(() => h.close());

const db = () => h.env.production.orm.em.fork();
const state = async (meterId: string) => {
  const [row] = await db().execute<{ ready: boolean; version: number }[]>(
    'select rollups_ready_at is not null as ready, rollup_version as version from meter where id = ?',
    [meterId],
  );
  return row!;
};
/** The rollups as (customer, hour, events, total) rows, and the same computed from raw events by the meter's definition. */
const rollups = (meterId: string) =>
  db().execute<{ hour: string; events: string; total: string }[]>(
    `select to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24') as hour, events::text, total::text from meter_rollup where meter_id = ? order by hour`,
    [meterId],
  );
const ingest = (events: { name: string; at: string; n: number }[]) =>
  h.request('POST', '/v1/events/ingest', {
    token: org.token,
    json: {
      events: events.map((e) => ({ name: e.name, timestamp: e.at, external_customer_id: 'c1', metadata: { n: e.n } })),
    },
  });
const RANGE = 'start_timestamp=2026-05-01T00:00:00Z&end_timestamp=2026-05-02T00:00:00Z&interval=day';
const total = async (meterId: string) =>
  (await h.request('GET', `/v1/meters/${meterId}/quantities?${RANGE}`, { token: org.token })).body.total as number;

test('events stored before the meter existed are counted once its rebuild has run; later batches add to it', async () => {
  await ingest([
    { name: 'a', at: '2026-05-01T10:15:00Z', n: 1 },
    { name: 'a', at: '2026-05-01T10:45:00Z', n: 2 },
    { name: 'b', at: '2026-05-01T11:00:00Z', n: 4 },
  ]);
  const created = await h.request('POST', '/v1/meters/', {
    token: org.token,
    json: {
      name: 'n of a',
      filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'a' }] },
      aggregation: { func: 'sum', property: 'n' },
    },
  });
  const meterId: string = created.body.id;
  // Until the rebuild has run, quantities read raw events, which already hold the earlier events.
  expect((await state(meterId)).version).toBe(1);
  expect(await total(meterId)).toBe(3);

  await eventually(async () => (await state(meterId)).ready);
  expect(await rollups(meterId)).toEqual([{ hour: '2026-05-01T10', events: '2', total: '3' }]);
  const rebuild = h.env.production.temporal.workflow.getHandle(`meter-rollups:${meterId}:1`);
  await rebuild.result(); // the meter is ready once the rebuild's last activity committed; the workflow ends just after
  expect((await rebuild.describe()).status.name).toBe('COMPLETED');

  await ingest([{ name: 'a', at: '2026-05-01T10:59:00Z', n: 8 }]);
  expect(await rollups(meterId)).toEqual([{ hour: '2026-05-01T10', events: '3', total: '11' }]);
  expect(await total(meterId)).toBe(11);
});

test('a new filter drops the rollups in the same request, the rebuild recounts; a stale version rebuilds nothing', async () => {
  const created = await h.request('POST', '/v1/meters/', {
    token: org.token,
    json: {
      name: 'n of a again',
      filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'a' }] },
      aggregation: { func: 'sum', property: 'n' },
    },
  });
  const meterId: string = created.body.id;
  await eventually(async () => (await state(meterId)).ready);
  expect(await rollups(meterId)).toEqual([{ hour: '2026-05-01T10', events: '3', total: '11' }]);

  const patched = await h.request('PATCH', `/v1/meters/${meterId}`, {
    token: org.token,
    json: {
      filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'b' }] },
      aggregation: { func: 'max', property: 'n' },
    },
  });
  expect(patched.status).toBe(200);
  // The workflow may already be running: what the request itself did is the version bump and the new answer.
  expect((await state(meterId)).version).toBe(2);
  expect(await total(meterId)).toBe(4);
  await eventually(async () => (await state(meterId)).ready);
  expect(await rollups(meterId)).toEqual([{ hour: '2026-05-01T11', events: '1', total: '4' }]);
  expect(await total(meterId)).toBe(4);

  // Version 1's rebuild, replayed late, finds itself stale and leaves version 2's rollups alone.
  expect(await h.env.production.domains.meterRollups.rebuild(meterId, 1)).toBe(false);
  expect(await rollups(meterId)).toEqual([{ hour: '2026-05-01T11', events: '1', total: '4' }]);

  // A rename changes nothing that counts: no new version.
  await h.request('PATCH', `/v1/meters/${meterId}`, { token: org.token, json: { name: 'renamed' } });
  expect(await state(meterId)).toEqual({ ready: true, version: 2 });
});

test('archiving drops the rollups for good (ingestion keeps none for an archived meter); unarchiving rebuilds them', async () => {
  const created = await h.request('POST', '/v1/meters/', {
    token: org.token,
    json: { name: 'count all', filter: { conjunction: 'and', clauses: [] }, aggregation: { func: 'count' } },
  });
  const meterId: string = created.body.id;
  await eventually(async () => (await state(meterId)).ready);
  await h.request('PATCH', `/v1/meters/${meterId}`, { token: org.token, json: { is_archived: true } });
  expect(await state(meterId)).toEqual({ ready: false, version: 2 });
  expect(await rollups(meterId)).toEqual([]);
  await ingest([{ name: 'c', at: '2026-05-01T12:30:00Z', n: 0 }]);
  expect(await rollups(meterId)).toEqual([]);
  expect(await total(meterId)).toBe(5);

  await h.request('PATCH', `/v1/meters/${meterId}`, { token: org.token, json: { is_archived: false } });
  await eventually(async () => (await state(meterId)).ready);
  expect(await state(meterId)).toEqual({ ready: true, version: 3 });
  expect(await rollups(meterId)).toEqual([
    { hour: '2026-05-01T10', events: '3', total: '0' },
    { hour: '2026-05-01T11', events: '1', total: '0' },
    { hour: '2026-05-01T12', events: '1', total: '0' },
  ]);
  expect(await total(meterId)).toBe(5);
});

test('the daily event-partitions schedule runs a workflow that re-creates a missing month', async () => {
  const env = h.env.production;
  await ensureSchedules(env.temporal, env.taskQueue);
  const schedule = await env.temporal.schedule.getHandle(SCHEDULES.eventPartitions.id).describe();
  expect(schedule.action).toMatchObject({
    type: 'startWorkflow',
    workflowType: 'ensureEventPartitions',
    taskQueue: env.taskQueue,
  });

  const now = new Date();
  const last = partitionName(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)));
  await db().execute(`alter table event detach partition ${last}`);
  await db().execute(`drop table ${last}`);
  const result = await env.temporal.workflow.execute('ensureEventPartitions', {
    taskQueue: env.taskQueue,
    workflowId: `event-partitions-test:${randomUUID()}`,
    args: [],
  });
  expect(result).toEqual({ created: [last] });
  const [attached] = await db().execute<{ n: string }[]>(
    `select count(*) as n from pg_inherits where inhparent = 'event'::regclass and inhrelid = to_regclass(?)`,
    [last],
  );
  expect(Number(attached!.n)).toBe(1);
});
