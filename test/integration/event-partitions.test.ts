// The events table's monthly partitions, on a database of its own (detaching must not touch other tests' events):
// a fresh database has this month's and the next two's; creating moves a month's rows out of the default partition,
// twice is a no-op; rows land in their month's partition; old months detach, and drop on request.
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import {
  createEventPartitions,
  detachEventPartitions,
  eventPartitions,
  partitionName,
} from '../../src/adapters/events/event-partitions';
import { migrate, openDatabase } from '../../src/app/database';
import { TEST_DATABASE_URL } from '../support/test-env';

const url = new URL(TEST_DATABASE_URL);
url.pathname = `${url.pathname}_partitions`;
let orm: MikroORM;
const organizationId = randomUUID();

async function admin(sql: string): Promise<void> {
  const target = new URL(url);
  target.pathname = '/postgres';
  const client = new Client({ connectionString: target.toString() });
  await client.connect();
  await client.query(sql);
  await client.end();
}

beforeAll(async () => {
  await admin(`drop database if exists "${url.pathname.slice(1)}" with (force)`);
  await migrate(url.toString());
  orm = await openDatabase(url.toString(), 2);
});
afterAll(async () => {
  await orm.close();
  await admin(`drop database if exists "${url.pathname.slice(1)}" with (force)`);
});

const insert = (timestamp: string) =>
  orm.em
    .fork()
    .execute(
      `insert into event (id, organization_id, "timestamp", ingested_at, name, source, metadata) values (?, ?, ?, now(), 'n', 'user', '{}')`,
      [randomUUID(), organizationId, timestamp],
    );

/** Each stored row's timestamp and the partition holding it. */
const placement = async () =>
  orm.em
    .fork()
    .execute<{ at: string; part: string }[]>(
      `select to_char("timestamp" at time zone 'UTC', 'YYYY-MM-DD') as at, tableoid::regclass::text as part from event where organization_id = ? order by "timestamp"`,
      [organizationId],
    );

test('a fresh database has partitions for this month and the next two', async () => {
  const now = new Date();
  const months = [0, 1, 2].map((i) =>
    partitionName(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1))),
  );
  expect(await eventPartitions(orm)).toEqual([...months, 'event_default']);
});

test('creating moves the months’ rows out of the default partition, a second time changes nothing, new rows land in their month', async () => {
  await insert('2030-01-01T00:00:00Z');
  await insert('2030-02-14T12:00:00Z');
  await insert('2030-03-31T23:59:59.999Z');
  await insert('2030-04-01T00:00:00Z');
  expect((await placement()).map((row) => row.part)).toEqual([
    'event_default',
    'event_default',
    'event_default',
    'event_default',
  ]);

  expect(await createEventPartitions(orm, new Date('2030-01-20T00:00:00Z'))).toEqual([
    'event_y2030m01',
    'event_y2030m02',
    'event_y2030m03',
  ]);
  const moved = [
    { at: '2030-01-01', part: 'event_y2030m01' },
    { at: '2030-02-14', part: 'event_y2030m02' },
    { at: '2030-03-31', part: 'event_y2030m03' },
    { at: '2030-04-01', part: 'event_default' },
  ];
  expect(await placement()).toEqual(moved);

  expect(await createEventPartitions(orm, new Date('2030-01-20T00:00:00Z'))).toEqual([]);
  expect(await placement()).toEqual(moved);

  await insert('2030-02-01T00:00:00Z');
  expect((await placement()).find((row) => row.at === '2030-02-01')?.part).toBe('event_y2030m02');
  // Indexes come along with the attach: the partition has the parent's primary key and lookups.
  const [indexes] = await orm.em
    .fork()
    .execute<{ n: string }[]>(`select count(*) as n from pg_indexes where tablename = 'event_y2030m02'`);
  expect(Number(indexes!.n)).toBeGreaterThanOrEqual(5);
});

test('detaching the months before a date keeps their tables out of every read; dropping removes them', async () => {
  const detached = await detachEventPartitions(orm, new Date('2030-02-01T00:00:00Z'), false);
  expect(detached).toContain('event_y2030m01');
  expect(detached).not.toContain('event_y2030m02');
  expect((await placement()).map((row) => row.at)).toEqual(['2030-02-01', '2030-02-14', '2030-03-31', '2030-04-01']);
  const [kept] = await orm.em.fork().execute<{ n: string }[]>('select count(*) as n from event_y2030m01');
  expect(Number(kept!.n)).toBe(1);
  // A detached month is left alone by the schedule (not re-created, not re-attached).
  expect(await createEventPartitions(orm, new Date('2030-01-20T00:00:00Z'))).toEqual([]);
  expect(await eventPartitions(orm)).not.toContain('event_y2030m01');

  expect(await detachEventPartitions(orm, new Date('2030-03-01T00:00:00Z'), true)).toEqual(['event_y2030m02']);
  const [gone] = await orm.em.fork().execute<{ t: string | null }[]>(`select to_regclass('event_y2030m02')::text as t`);
  expect(gone!.t).toBeNull();
  expect(await eventPartitions(orm)).toEqual(['event_y2030m03', 'event_default']);
});
