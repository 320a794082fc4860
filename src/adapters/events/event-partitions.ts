// The events table's monthly partitions (`event_yYYYYmMM`, UTC months). Months not created yet land in `event_default`;
// creating a month moves its rows out of the default partition first (create the table, move the rows, attach it), in
// one transaction that keeps ingestion out of the default partition meanwhile. Old months can be detached (and dropped).
import type { MikroORM } from '@mikro-orm/postgresql';
import { inTransaction, type Tx } from '../../platform/database/transaction';

const NAME = /^event_y(\d{4})m(\d{2})$/;

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));

export function partitionName(month: Date): string {
  return `event_y${month.getUTCFullYear()}m${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Creates the partitions of `now`'s month and the `ahead` months after it that do not exist; returns those created. */
export async function createEventPartitions(orm: MikroORM, now: Date, ahead = 2): Promise<string[]> {
  const created: string[] = [];
  for (let i = 0; i <= ahead; i++) {
    const from = monthStart(now.getUTCFullYear(), now.getUTCMonth() + i);
    const to = monthStart(now.getUTCFullYear(), now.getUTCMonth() + i + 1);
    if (await inTransaction(orm, (tx) => createPartition(tx, from, to))) created.push(partitionName(from));
  }
  return created;
}

/** How long a partition change waits for the events table's lock before giving up. */
const LOCK_TIMEOUT = `set local lock_timeout = '10s'`;

async function createPartition(tx: Tx, from: Date, to: Date): Promise<boolean> {
  const name = partitionName(from);
  await tx.em.execute(`select pg_advisory_xact_lock(hashtextextended('event_partitions', 0))`);
  await tx.em.execute(LOCK_TIMEOUT); // attaching locks the events table: give up (the schedule retries) rather than queue every read
  const [existing] = await tx.em.execute<{ exists: boolean }[]>('select to_regclass(?) is not null as exists', [name]);
  // An existing table is attached, or was detached on purpose: left alone either way.
  if (existing?.exists) return false;
  // Batches that would insert into the default partition wait until the month is attached (no row slips in between).
  await tx.em.execute('lock table event_default in exclusive mode');
  await tx.em.execute(`create table ${name} (like event including defaults including constraints)`);
  const bounds = [from.toISOString(), to.toISOString()];
  await tx.em.execute(
    `with moved as (delete from event_default where "timestamp" >= ?::timestamptz and "timestamp" < ?::timestamptz returning *)
     insert into ${name} select * from moved`,
    bounds,
  );
  await tx.em.execute(
    `alter table event attach partition ${name} for values from ('${bounds[0]}') to ('${bounds[1]}')`,
  );
  return true;
}

/** Detaches (and with `drop`, drops) the attached monthly partitions that end on or before `before`; returns their names. */
export async function detachEventPartitions(orm: MikroORM, before: Date, drop: boolean): Promise<string[]> {
  return inTransaction(orm, async (tx) => {
    await tx.em.execute(`select pg_advisory_xact_lock(hashtextextended('event_partitions', 0))`);
    await tx.em.execute(LOCK_TIMEOUT);
    const rows = await tx.em.execute<{ name: string }[]>(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = 'event'::regclass order by c.relname`,
    );
    const old = rows
      .map((row) => ({ name: row.name, match: NAME.exec(row.name) }))
      // event_yYYYYmMM ends where month MM (1-based) + 1 starts: Date.UTC's 0-based month MM.
      .filter(({ match }) => match && monthStart(Number(match[1]), Number(match[2])) <= before)
      .map(({ name }) => name);
    for (const name of old) {
      await tx.em.execute(`alter table event detach partition ${name}`);
      if (drop) await tx.em.execute(`drop table ${name}`);
    }
    return old;
  });
}

/** The attached partitions, oldest first (the default one last). */
export async function eventPartitions(orm: MikroORM): Promise<string[]> {
  const rows = await orm.em
    .fork()
    .execute<{ name: string }[]>(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'event'::regclass order by c.relname = 'event_default', c.relname`,
    );
  return rows.map((row) => row.name);
}
